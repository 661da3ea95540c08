import { Button, Collapse, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import type { Billing } from '@/admin/features/billing/api/retrieve-billing';
import { useBillingTexts } from '@/admin/features/billing/hooks/useBillingTexts';
import { useAdminFormat, type FormatCompany as Money } from '@/admin/lib/format';
import { usePhone } from '@/admin/lib/phone';
import { isolate } from '@/lib/format';

/** The business lines in the order the boxes show them; licences only for companies that sell them. */
const SOURCES = ['BOOKING', 'EVENT', 'LICENSING', 'EXTERNAL'] as const;

const EMPTY_SOURCE = { count: 0, total: 0 };

interface BillingBoxesProps {
  /** The answer, or undefined before the first answer and after a failure (the boxes show zeros). */
  billing: Billing | undefined;
  company: Money & { showLicences: boolean };
}

/**
 * A box per business line (operations and total) and the overall totals (admin spec section 2). On a phone
 * (600 pixels or less) they fold behind one button that says the sales and the total billed (issue 25), so
 * the sales come first instead of a screen and a half further down.
 */
export function BillingBoxes({ billing, company }: BillingBoxesProps) {
  const { t } = useBillingTexts();
  const format = useAdminFormat(company);
  const phone = usePhone();
  const sources = SOURCES.filter((source) => source !== 'LICENSING' || company.showLicences);
  const boxes = (
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
  if (!phone) return boxes;
  const summary = t('summary.toggle', {
    count: billing?.numSells ?? 0,
    amount: isolate(format.money(billing?.totalPriceConverted ?? 0)),
  });
  return <Folded label={summary}>{boxes}</Folded>;
}

/** A disclosure button and what it shows when opened (closed at first). */
function Folded({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <Button
        variant="default"
        fullWidth
        justify="space-between"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        rightSection={<Chevron open={open} />}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'start' }, root: { height: 'auto', minHeight: 36, paddingBlock: 6 } }}
      >
        {label}
      </Button>
      <Collapse expanded={open} id={id}>
        <Stack gap="sm" mt="sm">
          {children}
        </Stack>
      </Collapse>
    </div>
  );
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden style={{ transform: open ? 'rotate(180deg)' : undefined }}>
      <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
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
