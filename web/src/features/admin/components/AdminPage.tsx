import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SimplePage } from '@/components/SimplePage';

/**
 * The route `/admin`, the entry of the back office, loaded as its own chunk so that customers never
 * download admin code. The back office is not built yet: the page says so plainly.
 */
export function AdminPage() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('admin.title')}>
      <Text c="gray.7">{t('admin.unavailable')}</Text>
    </SimplePage>
  );
}
