import { ActionIcon, Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { masterDataQueryOptions, type BookingMasterData, type BookingRow } from '@/admin/features/bookings/api/bookings';
import { CancelBookingDialog } from '@/admin/features/bookings/components/CancelBookingDialog';
import type { AdminCompany } from '@/admin/lib/company';
import { bookingName } from '@/admin/lib/reference';
import { toast } from '@/lib/toast';

interface CancelBookingButtonProps {
  company: Pick<AdminCompany, 'idCompany' | 'simbolCoinType' | 'currency'>;
  row: BookingRow;
  /** A button with a word ("Cancel") rather than an icon: the phone's booking cards (issue 25). */
  labelled?: boolean;
}

/**
 * The grid's cancel button (issue 23): it opens the same dialog as the booking's details, which says what
 * happens to the money before the confirmation ("refund €66.00 to the card", "no refund") and cancels through
 * the same call (POST /api/admin/cancel-booking), so both places do the same thing. The booking's payments
 * are read first (GET /api/booking/master-data/{id}, the details' query); the dialog's invalidation reloads the
 * grid.
 */
export function CancelBookingButton({ company, row, labelled = false }: CancelBookingButtonProps) {
  const { t } = useTranslation('bookings');
  const [details, setDetails] = useState<BookingMasterData>();
  const queryClient = useQueryClient();
  const load = useMutation({
    mutationFn: () => queryClient.fetchQuery({ ...masterDataQueryOptions(company.idCompany, row.id), staleTime: 0 }),
    onSuccess: setDetails,
    onError: () => toast(t('details.failed')),
  });
  return (
    <>
      {labelled ? (
        <Button
          variant="light"
          color="red"
          size="xs"
          aria-label={t('actions.cancel', { id: bookingName(row) })}
          loading={load.isPending}
          onClick={() => load.mutate()}
        >
          {t('actions.cancelShort')}
        </Button>
      ) : (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('actions.cancel', { id: bookingName(row) })}
          loading={load.isPending}
          onClick={() => load.mutate()}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="12" cy="12" r="9" />
            <path d="M8 8l8 8M16 8l-8 8" />
          </svg>
        </ActionIcon>
      )}
      {details && <CancelBookingDialog company={company} booking={details} onClose={() => setDetails(undefined)} />}
    </>
  );
}
