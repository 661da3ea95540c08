import { Button, Group, Text } from '@mantine/core';
import { EXPORT_FILE, exportBillingUrl, type ExportFormat } from '@/admin/features/billing/api/export-billing';
import type { BillingRange } from '@/admin/features/billing/api/retrieve-billing';
import { useBillingTexts } from '@/admin/features/billing/hooks/useBillingTexts';

const FORMATS: { format: ExportFormat; key: 'exportXlsx' | 'exportCsv' }[] = [
  { format: 'xlsx', key: 'exportXlsx' },
  { format: 'csv', key: 'exportCsv' },
];

/**
 * The export: the sent range as an XLSX or CSV file named detalles-facturacion. Plain same-origin links,
 * so the browser downloads the streamed file with the session cookie and nothing is held in memory.
 */
export function ExportMenu({ idCompany, range }: { idCompany: number; range: BillingRange }) {
  const { t, language } = useBillingTexts();
  return (
    <Group gap="xs" role="group" aria-labelledby="billing-export">
      <Text id="billing-export" size="sm" fw={600}>
        {t('export')}
      </Text>
      {FORMATS.map(({ format, key }) => (
        <Button
          key={format}
          component="a"
          variant="default"
          size="xs"
          href={exportBillingUrl(idCompany, range, format, language)}
          download={`${EXPORT_FILE}.${format}`}
        >
          {t(key)}
        </Button>
      ))}
    </Group>
  );
}
