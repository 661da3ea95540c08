import { ActionIcon, Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createContext, use, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { masterDataQueryOptions, type BookingMasterData, type BookingRow } from '@/admin/features/bookings/api/bookings';
import { CancelBookingDialog } from '@/admin/features/bookings/components/CancelBookingDialog';
import type { AdminCompany } from '@/admin/lib/company';
import { bookingName } from '@/admin/lib/reference';
import { toast } from '@/lib/toast';

type CancelCompany = Pick<AdminCompany, 'idCompany' | 'simbolCoinType' | 'currency'>;

/** Where a list's cancel buttons open their dialog (CancelDialogHost), when they are inside one. */
const CancelHostContext = createContext<((booking: BookingMasterData) => void) | null>(null);

/**
 * Holds the cancel dialog of the buttons inside it, above the list that draws them: the list may be drawn
 * afresh while the dialog is open — the grid swapped for the phone's cards when the window crosses 600
 * pixels (a phone turned, a window resized; a browser's full-page capture does it for a moment), a row
 * leaving the view — and a dialog owned by a row would close with it, mid-decision.
 */
export function CancelDialogHost({ company, children }: { company: CancelCompany; children: ReactNode }) {
  const [booking, setBooking] = useState<BookingMasterData>();
  return (
    <CancelHostContext value={setBooking}>
      {children}
      {booking && <CancelBookingDialog company={company} booking={booking} onClose={() => setBooking(undefined)} />}
    </CancelHostContext>
  );
}

interface CancelBookingButtonProps {
  company: CancelCompany;
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
  const host = use(CancelHostContext);
  const queryClient = useQueryClient();
  const load = useMutation({
    mutationFn: () => queryClient.fetchQuery({ ...masterDataQueryOptions(company.idCompany, row.id), staleTime: 0 }),
    onSuccess: host ?? setDetails,
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
