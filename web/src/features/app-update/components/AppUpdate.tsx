import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppUpdate } from '@/lib/app-update';

/**
 * Keeps the app up to date: registers the service worker and, when a new version has been deployed and
 * activated, covers the page with a loading screen while it reloads into the new version. Renders
 * nothing otherwise. Mount once, around the routes.
 */
export function AppUpdate() {
  const { updating } = useAppUpdate();
  return updating ? <UpdatingScreen /> : null;
}

/** The full-window loading screen shown while a new version is applied. */
export function UpdatingScreen() {
  const { t } = useTranslation('appUpdate');
  return (
    <Center
      pos="fixed"
      inset={0}
      bg="white"
      style={{ zIndex: 10000 }}
      role="status"
      aria-live="assertive"
      data-testid="app-updating"
    >
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text c="gray.7">{t('updating')}</Text>
      </Stack>
    </Center>
  );
}
