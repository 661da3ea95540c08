import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '@/components/StatusPage';
import { StatusIcon } from '@/components/StatusIcon';

/**
 * The 'service temporarily unavailable' page: the server could not be reached or answered 5xx. A retry
 * button reloads the page unless onRetry is given.
 */
export function ServiceUnavailablePage({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation('components');
  return (
    <StatusPage title={t('unavailable.title')} icon={<StatusIcon kind="warning" />}>
      <Text c="gray.7">{t('unavailable.body')}</Text>
      <Button onClick={onRetry ?? (() => window.location.reload())}>{t('unavailable.retry')}</Button>
    </StatusPage>
  );
}
