import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { Billing } from '@/admin/features/billing/api/retrieve-billing';
import { useBillingTexts } from '@/admin/features/billing/hooks/useBillingTexts';
import { useAdminFormat, type FormatCompany as Money } from '@/admin/lib/format';

/** The business lines in the order the boxes show them; licences only for companies that sell them. */
const SOURCES = ['BOOKING', 'EVENT', 'LICENSING', 'EXTERNAL'] as const;

const EMPTY_SOURCE = { count: 0, total: 0 };

interface BillingBoxesProps {
  /** The answer, or undefined before the first answer and after a failure (the boxes show zeros). */
  billing: Billing | undefined;
  company: Money & { showLicences: boolean };
}

/** A box per business line (operations and total) and the overall totals (admin spec section 2). */
export function BillingBoxes({ billing, company }: BillingBoxesProps) {
  const { t } = useBillingTexts();
  const format = useAdminFormat(company);
  const sources = SOURCES.filter((source) => source !== 'LICENSING' || company.showLicences);
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: sources.length }} spacing="sm">
        {sources.map((source) => {
          const figures = billing?.bySource[source] ?? EMPTY_SOURCE;
          const headingId = `billing-box-${source}`;
          return (
            <Paper key={source} withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
              <Title order={3} size="h5" id={headingId}>
                {t(`sources.${source}`)}
              </Title>
              <dl data-testid={`billing-box-${source}`} style={{ margin: 0 }}>
                <Figure label={t('operations')} value={String(figures.count)} />
                <Figure label={t('total')} value={format.money(figures.total)} />
              </dl>
            </Paper>
          );
        })}
      </SimpleGrid>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="billing-totals">
        <Title order={3} size="h5" id="billing-totals">
          {t('totals.label')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" data-testid="billing-totals" style={{ margin: 0 }}>
          <Figure label={t('totals.sells')} value={String(billing?.numSells ?? 0)} />
          <Figure label={t('totals.amount')} value={format.money(billing?.totalPriceConverted ?? 0)} />
          <Figure label={t('totals.products')} value={String(billing?.totalProducts ?? 0)} />
        </SimpleGrid>
      </Paper>
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="dd" fw={700} size="lg" m={0}>
        {value}
      </Text>
    </div>
  );
}
