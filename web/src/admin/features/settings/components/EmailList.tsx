import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

interface EmailListProps {
  label: string;
  emails: string[];
  onChange: (emails: string[]) => void;
  /** What the last save was refused for in this list, as a sentence. */
  error?: string;
}

/** A list of notification e-mails (booking confirmation or cancellation) with add and remove. */
export function EmailList({ label, emails, onChange, error: refused }: EmailListProps) {
  const { t } = useTranslation('settings');
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const add = () => {
    const email = text.trim().toLowerCase();
    if (!EMAIL.test(email)) {
      setError(t('general.invalidEmail'));
      return;
    }
    if (!emails.includes(email)) onChange([...emails, email]);
    setText('');
    setError(undefined);
  };
  return (
    <Stack gap={4} component="section" aria-label={label}>
      <Text fw={600} size="sm">
        {label}
      </Text>
      {emails.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('general.noEmails')}
        </Text>
      )}
      {emails.map((e) => (
        <Group key={e} gap="xs" wrap="nowrap">
          <Text size="sm" dir="ltr">
            {e}
          </Text>
          <ActionIcon variant="subtle" color="red" aria-label={t('general.removeEmail', { email: e })} onClick={() => onChange(emails.filter((x) => x !== e))}>
            ×
          </ActionIcon>
        </Group>
      ))}
      {refused && (
        <Text size="sm" c="var(--mantine-color-error)">
          {refused}
        </Text>
      )}
      <Group gap="xs" align="flex-start">
        <TextInput
          aria-label={`${label}: ${t('general.newEmail')}`}
          placeholder={t('general.newEmail')}
          type="email"
          value={text}
          error={error}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="light" onClick={add}>
          {t('general.addEmail')}
        </Button>
      </Group>
    </Stack>
  );
}
