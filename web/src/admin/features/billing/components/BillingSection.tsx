import { Alert, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { DateRangeFields } from '@/admin/components/DateRangeFields';
import { useBilling, type BillingRange } from '@/admin/features/billing/api/retrieve-billing';
import { BillingBoxes } from '@/admin/features/billing/components/BillingBoxes';
import { CashUpPanel } from '@/admin/features/billing/components/CashUpPanel';
import { ExportMenu } from '@/admin/features/billing/components/ExportMenu';
import { RefundDialog } from '@/admin/features/billing/components/RefundDialog';
import { SaleDetailsModal } from '@/admin/features/billing/components/SaleDetailsModal';
import { SalesTable } from '@/admin/features/billing/components/SalesTable';
import { useBillingTexts } from '@/admin/features/billing/hooks/useBillingTexts';
import { longToast } from '@/admin/features/billing/utils/toast';
import type { SaleRow } from '@/admin/features/billing/utils/refund';
import { defaultRange, todayIn } from '@/admin/lib/dates';
import type { components } from '@/lib/api/schema';
import { useAdminFormat } from '@/admin/lib/format';
import { isolate } from '@/lib/format';

const NO_ROWS: SaleRow[] = [];

/** The longest range the billing query accepts, both ends included (the server answers 422 beyond it). */
export const BILLING_MAX_DAYS = 366;

/**
 * The back office's billing section (admin spec section 2): a date range sent with a button (the current
 * month up to today at first), the range as a heading, a box per business line, the overall totals and
 * the sales table with its details and refund dialogs and the export. A failed query shows the 'problems'
 * toast for 8 seconds and empties the lists and totals.
 */
export function BillingSection({ company }: { company: components['schemas']['AdminCompany'] }) {
  const { t } = useBillingTexts();
  const format = useAdminFormat(company);
  const [draft, setDraft] = useState<BillingRange>(() => defaultRange(todayIn(company.timeZone)));
  const [range, setRange] = useState<BillingRange>(draft);
  const [detailsOf, setDetailsOf] = useState<SaleRow>();
  const [refunding, setRefunding] = useState<SaleRow>();
  const billing = useBilling(company.idCompany, range);

  // A failure shows once per failed answer (errorUpdatedAt changes with each).
  const { isError, errorUpdatedAt } = billing;
  useEffect(() => {
    if (isError) longToast(t('problems'));
    // t is left out on purpose: a language change must not repeat the toast.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isError, errorUpdatedAt]);

  const data = billing.isError ? undefined : billing.data;
  const onDetails = useCallback((row: SaleRow) => setDetailsOf(row), []);
  const onRefund = useCallback((row: SaleRow) => setRefunding(row), []);

  const send = () => {
    if (draft.start === range.start && draft.end === range.end) void billing.refetch();
    else setRange(draft);
  };

  return (
    <section aria-labelledby="billing-title">
      <Stack gap="md">
        <Title order={2} id="billing-title">
          {t('title')}
        </Title>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <Group align="end" gap="sm" wrap="wrap">
            <DateRangeFields value={draft} onChange={setDraft} timeZone={company.timeZone} maxDays={BILLING_MAX_DAYS} />
            <Button type="submit" loading={billing.isFetching}>
              {t('query')}
            </Button>
          </Group>
        </form>

        <Group justify="space-between" align="center" wrap="wrap">
          <Title order={3} size="h4">
            {t('heading', { start: isolate(format.day(range.start)), end: isolate(format.day(range.end)) })}
          </Title>
          <ExportMenu idCompany={company.idCompany} range={range} />
        </Group>

        {billing.isPending && (
          <Alert color="gray" icon={<Loader size="xs" />} aria-live="polite">
            {t('loading')}
          </Alert>
        )}

        <BillingBoxes billing={data} company={company} />

        <SalesTable rows={data?.payments ?? NO_ROWS} company={company} onDetails={onDetails} onRefund={onRefund} />

        <CashUpPanel company={company} />

        <SaleDetailsModal sale={detailsOf} company={company} onClose={() => setDetailsOf(undefined)} />
        {refunding && <RefundDialog key={refunding.id} row={refunding} company={company} onClose={() => setRefunding(undefined)} />}
      </Stack>
    </section>
  );
}
