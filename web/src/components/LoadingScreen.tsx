import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A full-height loading indicator, announced politely to screen readers. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text c="gray.7">{t('common.loading')}</Text>
      </Stack>
    </Center>
  );
}
