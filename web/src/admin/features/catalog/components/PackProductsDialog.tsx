import { ActionIcon, Button, Group, Modal, ScrollArea, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { StaffProduct } from '@/admin/features/catalog/api/catalog';
import { useCatalogTexts } from '@/admin/features/catalog/hooks/useCatalogTexts';

interface PackProductsDialogProps {
  opened: boolean;
  /** The products that may go in a pack (the company's active products). */
  products: StaffProduct[];
  value: number[];
  onChange: (ids: number[]) => void;
  onClose: () => void;
}

const arrow = (d: string) => (
  <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
    <path d={d} />
  </svg>
);

/**
 * The pack's sub-product selector (400×300, admin spec section 2): add the chosen product at the end,
 * replace the selected row with it, remove a row, move a row up or down. The order is the order of the
 * pack's sessions.
 */
export function PackProductsDialog({ opened, products, value, onChange, onClose }: PackProductsDialogProps) {
  const { t } = useCatalogTexts();
  const [choice, setChoice] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const nameOf = (id: number) => products.find((p) => p.id === id)?.name ?? `#${id}`;
  const move = (i: number, by: number) => {
    const next = [...value];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    onChange(next);
    if (selected === i) setSelected(i + by);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('pack.title')} size={400} centered zIndex={300}>
      <Stack gap="xs" mih={300}>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Select
            label={t('pack.choose')}
            data={products.map((p) => ({ value: String(p.id), label: p.name }))}
            value={choice}
            onChange={setChoice}
            searchable
            comboboxProps={{ zIndex: 500 }}
            style={{ flex: 1 }}
          />
          <Button disabled={!choice} onClick={() => choice && onChange([...value, Number(choice)])}>
            {t('pack.add')}
          </Button>
        </Group>
        <Button
          variant="light"
          disabled={!choice || selected === null}
          onClick={() => {
            if (!choice || selected === null) return;
            onChange(value.map((id, i) => (i === selected ? Number(choice) : id)));
          }}
        >
          {t('pack.replace')}
        </Button>
        <ScrollArea.Autosize mah={220}>
          <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {value.map((id, i) => {
              const name = nameOf(id);
              const position = i + 1;
              return (
                <Group key={`${i}-${id}`} component="li" gap="xs" wrap="nowrap" justify="space-between">
                  <UnstyledButton
                    aria-pressed={selected === i}
                    aria-label={t('pack.select', { name, position })}
                    onClick={() => setSelected(selected === i ? null : i)}
                    style={{ flex: 1, fontWeight: selected === i ? 700 : 400 }}
                  >
                    <Text size="sm">
                      {position}. {name}
                    </Text>
                  </UnstyledButton>
                  <ActionIcon variant="subtle" disabled={i === 0} aria-label={t('pack.up', { name })} onClick={() => move(i, -1)}>
                    {arrow('M12 19V5M5 12l7-7 7 7')}
                  </ActionIcon>
                  <ActionIcon variant="subtle" disabled={i === value.length - 1} aria-label={t('pack.down', { name })} onClick={() => move(i, 1)}>
                    {arrow('M12 5v14M5 12l7 7 7-7')}
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('pack.remove', { name, position })}
                    onClick={() => {
                      onChange(value.filter((_, j) => j !== i));
                      setSelected(null);
                    }}
                  >
                    {arrow('M6 6l12 12M18 6L6 18')}
                  </ActionIcon>
                </Group>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('pack.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
