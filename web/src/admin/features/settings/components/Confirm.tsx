import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  accept: string;
  cancel?: string;
  danger?: boolean;
  onAccept: () => void;
  onCancel: () => void;
}

/** A confirmation alert over the settings dialog (save, leave, disable booking, restore defaults). */
export function Confirm({ opened, title, children, accept, cancel, danger, onAccept, onCancel }: ConfirmProps) {
  const { t } = useTranslation('settings');
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered zIndex={400} size="sm" closeButtonProps={{ 'aria-label': t('close') }}>
      <Text size="sm">{children}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          {cancel ?? t('cancel')}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onAccept} data-autofocus>
          {accept}
        </Button>
      </Group>
    </Modal>
  );
}
