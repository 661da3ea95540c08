import { Alert, Anchor, Button, Group, Loader, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { cashUpCsvUrl, cashUpQueryOptions, type CashUp } from '@/admin/features/billing/api/cash-up';
import { useBillingTexts, type BillingKey } from '@/admin/features/billing/hooks/useBillingTexts';
import { useAdminFormat, type FormatCompany as Money } from '@/admin/lib/format';
import { todayIn } from '@/admin/lib/dates';
import { DateField } from '@/admin/components/DateField';

const METHODS = ['cash', 'card_terminal', 'voucher', 'other', 'online'] as const;

interface CashUpPanelProps {
  company: Money & { idCompany: number; timeZone: string };
}

/**
 * The cash-up (issue 23): one day's takings from the ledger, by method and by staff member, with the same
 * total as billing for that day, and its CSV. It loads only once opened, for the day chosen (today first).
 */
export function CashUpPanel({ company }: CashUpPanelProps) {
  const { t, language } = useBillingTexts();
  const format = useAdminFormat(company);
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(() => todayIn(company.timeZone));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const cashUp = useQuery({ ...cashUpQueryOptions(company.idCompany, date), enabled: open && valid });
  const amount = (v: number) => <bdi>{format.money(v)}</bdi>;
  const methodText = (m: string) => ((METHODS as readonly string[]).includes(m) ? t(`methods.${m as (typeof METHODS)[number]}` as BillingKey) : m);

  return (
    <Stack gap="sm" component="section" aria-labelledby="cash-up-title">
      <Group justify="space-between" align="end" wrap="wrap">
        <Title order={3} size="h4" id="cash-up-title">
          {t('cashUp.title')}
        </Title>
        <Button variant="light" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? t('cashUp.hide') : t('cashUp.show')}
        </Button>
      </Group>
      {open && (
        <>
          <Group align="end" gap="sm" wrap="wrap">
            <DateField label={t('cashUp.day')} value={date} onChange={(day) => setDate(day ?? '')} />
            {valid && (
              <Anchor href={cashUpCsvUrl(company.idCompany, date, language)} download={`cash-up-${date}.csv`}>
                {t('cashUp.csv')}
              </Anchor>
            )}
          </Group>
          {cashUp.isPending && valid && <Loader size="sm" aria-label={t('loading')} />}
          {cashUp.isError && (
            <Alert color="red" role="alert">
              {t('error')}
            </Alert>
          )}
          {cashUp.data && <CashUpTables data={cashUp.data} amount={amount} methodText={methodText} />}
        </>
      )}
    </Stack>
  );
}

interface TablesProps {
  data: CashUp;
  amount: (v: number) => React.ReactNode;
  methodText: (m: string) => string;
}

function CashUpTables({ data, amount, methodText }: TablesProps) {
  const { t } = useBillingTexts();
  const head = (first: string) => (
    <Table.Thead>
      <Table.Tr>
        <Table.Th scope="col">{first}</Table.Th>
        <Table.Th scope="col">{t('cashUp.charges')}</Table.Th>
        <Table.Th scope="col">{t('cashUp.corrections')}</Table.Th>
        <Table.Th scope="col">{t('cashUp.refunds')}</Table.Th>
        <Table.Th scope="col">{t('cashUp.net')}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
  const cells = (s: CashUp['total']) => (
    <>
      <Table.Td>{amount(s.charges)}</Table.Td>
      <Table.Td>{amount(-s.corrections)}</Table.Td>
      <Table.Td>{amount(-s.refunds)}</Table.Td>
      <Table.Td fw={600}>{amount(s.net)}</Table.Td>
    </>
  );
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={480} type="native" tabIndex={0}>
        <Table aria-label={t('cashUp.byMethod')} striped>
          {head(t('table.method'))}
          <Table.Tbody>
            {data.byMethod.map((m) => (
              <Table.Tr key={m.method} data-testid={`cash-up-method-${m.method}`}>
                <Table.Th scope="row">{methodText(m.method)}</Table.Th>
                {cells(m.takings)}
              </Table.Tr>
            ))}
            <Table.Tr data-testid="cash-up-total">
              <Table.Th scope="row">{t('total')}</Table.Th>
              {cells(data.total)}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Table.ScrollContainer minWidth={480} type="native" tabIndex={0}>
        <Table aria-label={t('cashUp.byStaff')} striped>
          {head(t('cashUp.staff'))}
          <Table.Tbody>
            {data.byStaff.map((s) => (
              <Table.Tr key={s.userId ?? 'none'}>
                <Table.Th scope="row">{s.userId === null ? t('cashUp.noStaff') : (s.name ?? s.email)}</Table.Th>
                {cells(s.takings)}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
