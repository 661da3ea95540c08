import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import { useCatalogTexts } from '@/admin/features/catalog/hooks/useCatalogTexts';
import { typedPrice } from '@/admin/features/catalog/utils/price';
import { defaultRow, type PriceRow } from '@/admin/features/catalog/utils/dynamic';
import { TimeField } from '@/admin/components/TimeField';

interface PriceRowsProps {
  /** Names the rows for assistive technology: the weekday or the date. */
  label: string;
  rows: PriceRow[];
  onChange: (rows: PriceRow[]) => void;
}

/** The from, to and price rows of one weekday or special date, with add and remove. */
export function PriceRows({ label, rows, onChange }: PriceRowsProps) {
  const { t } = useCatalogTexts();
  const edit = (i: number, change: Partial<PriceRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  return (
    <Stack gap={4} role="group" aria-label={label}>
      {rows.map((r, i) => (
        <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
          <TimeField size="xs" label={t('dynamic.from')} value={r.from} onChange={(v) => edit(i, { from: v })} aria-label={`${label} ${t('dynamic.from')} ${i + 1}`} />
          <TimeField size="xs" label={t('dynamic.to')} value={r.to} onChange={(v) => edit(i, { to: v })} aria-label={`${label} ${t('dynamic.to')} ${i + 1}`} />
          <TextInput size="xs" inputMode="decimal" label={t('dynamic.price')} value={r.price} onChange={(e) => edit(i, { price: typedPrice(e.currentTarget.value) })} aria-label={`${label} ${t('dynamic.price')} ${i + 1}`} w={90} />
          <ActionIcon variant="subtle" color="red" aria-label={`${label}: ${t('dynamic.removeRow', { position: i + 1 })}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button size="xs" variant="subtle" onClick={() => onChange([...rows, defaultRow()])} aria-label={`${label}: ${t('dynamic.addRow')}`}>
          {t('dynamic.addRow')}
        </Button>
      </Group>
    </Stack>
  );
}
