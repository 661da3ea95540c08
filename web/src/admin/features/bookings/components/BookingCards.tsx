import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BookingRow } from '@/admin/features/bookings/api/bookings';
import classes from '@/admin/components/CardList.module.css';
import { BookingStatus } from '@/admin/features/bookings/components/BookingStatus';
import { CancelBookingButton } from '@/admin/features/bookings/components/CancelBookingButton';
import { sessionText } from '@/admin/features/bookings/components/BookingsGrid';
import type { AdminCompany } from '@/admin/lib/company';
import { useCardList } from '@/admin/hooks/useCardList';
import { useAdminFormat } from '@/admin/lib/format';
import { bookingName, shownReference } from '@/admin/lib/reference';
import { atLeast } from '@/admin/lib/roles';

/** A card's height before it is measured (reference and status, name, three facts, the actions). */
const CARD_ESTIMATE = 168;

interface BookingCardsProps {
  rows: BookingRow[];
  company: AdminCompany;
  /** The list's accessible name (the range it shows), the grid's. */
  label: string;
  onDetails: (row: BookingRow) => void;
}

/**
 * The bookings grid on a phone (issue 25): one card per booking with its reference, the customer, the
 * session's date and time, the drivers, the price and the status, and the grid's actions (details, cancel
 * where allowed) under the same names. Only the cards in view are in the page (TanStack Virtual, each card
 * measured), so ten thousand bookings scroll as smoothly as in the grid.
 */
export function BookingCards({ rows, company, label, onDetails }: BookingCardsProps) {
  const { t } = useTranslation('bookings');
  const format = useAdminFormat(company);
  const { scrollRef, virtualizer } = useCardList(rows.length, (index) => rows[index].id, CARD_ESTIMATE);

  return (
    <div ref={scrollRef} className={classes.scroller} tabIndex={0} data-testid="booking-cards-scroll">
      <div role="list" aria-label={label} className={classes.body} style={{ blockSize: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          const name = bookingName(row);
          return (
            <div
              role="listitem"
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              aria-setsize={rows.length}
              aria-posinset={item.index + 1}
              className={classes.item}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <div className={classes.card} data-state={row.state}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <bdi dir="ltr" className={classes.reference}>
                    {shownReference(row)}
                  </bdi>
                  <BookingStatus state={row.state} />
                </Group>
                <Text fw={600} truncate>
                  <bdi>{row.contactName}</bdi>
                </Text>
                <dl className={classes.facts}>
                  <div>
                    <dt>{t('columns.session')}</dt>
                    <dd>{row.bookingDate ? <bdi>{sessionText(row, format, t)}</bdi> : sessionText(row, format, t)}</dd>
                  </div>
                  <div>
                    <dt>{t('columns.drivers')}</dt>
                    <dd>{row.numParticipants}</dd>
                  </div>
                  <div>
                    <dt>{t('columns.price')}</dt>
                    <dd>
                      <bdi>{format.money(row.price)}</bdi>
                    </dd>
                  </div>
                </dl>
                <Group gap="xs">
                  <Button variant="light" size="xs" aria-label={t('actions.details', { id: name })} onClick={() => onDetails(row)}>
                    {t('actions.detailsShort')}
                  </Button>
                  {/* Cancelling (and the refund it may bring) is ADMIN's, as in the grid. */}
                  {row.cancellable && atLeast(company.role, 'ADMIN') && <CancelBookingButton company={company} row={row} labelled />}
                </Group>
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
