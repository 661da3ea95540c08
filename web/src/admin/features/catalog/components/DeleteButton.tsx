import { ActionIcon, Button, Group, Popover, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useCatalogTexts } from '@/admin/features/catalog/hooks/useCatalogTexts';

interface DeleteButtonProps {
  name: string;
  loading: boolean;
  onConfirm: () => void;
  /** What the deletion does besides, said before it is confirmed (e.g. the products a category leaves). */
  consequence?: string;
}

/** A row's delete action behind a confirmation popover (admin spec section 2). */
export function DeleteButton({ name, loading, onConfirm, consequence }: DeleteButtonProps) {
  const { t } = useCatalogTexts();
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withArrow shadow="md" width={240}>
      <Popover.Target>
        <ActionIcon variant="subtle" color="red" aria-label={t('actions.delete', { name })} onClick={() => setOpened((o) => !o)}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
          </svg>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" role="alertdialog" aria-label={t('confirm.delete', { name })}>
          <Text size="sm">{t('confirm.delete', { name })}</Text>
          {consequence && <Text size="sm">{consequence}</Text>}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={() => setOpened(false)}>
              {t('confirm.no')}
            </Button>
            <Button
              color="red"
              size="xs"
              loading={loading}
              onClick={() => {
                setOpened(false);
                onConfirm();
              }}
            >
              {t('confirm.yes')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
