import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SimplePage } from '@/components/SimplePage';

/** The generic error page, with a retry button (which reloads the page unless onRetry is given). */
export function ErrorPage({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('error.title')}>
      <Text c="gray.7">{t('error.body')}</Text>
      <Button onClick={onRetry ?? (() => window.location.reload())}>{t('error.retry')}</Button>
    </SimplePage>
  );
}
