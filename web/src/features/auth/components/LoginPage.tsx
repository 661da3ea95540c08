import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SimplePage } from '@/components/SimplePage';

/**
 * The route `/login`, loaded as its own chunk. Staff sign-in is not built yet: the page says so plainly
 * rather than showing a form that cannot work.
 */
export function LoginPage() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('login.title')}>
      <Text c="gray.7">{t('login.unavailable')}</Text>
    </SimplePage>
  );
}
