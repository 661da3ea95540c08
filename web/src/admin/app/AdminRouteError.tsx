import { Button, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '@/admin/lib/chunk-reload';
import { ErrorPage } from '@/components/ErrorPage';
import { SimplePage } from '@/components/SimplePage';
import { reportBoundaryError } from '@/lib/error-reporting';

/**
 * What the back office's error boundary shows for a page that crashed: the error page; it is reported. A
 * chunk of an older build that could not be fetched even after the one automatic reload
 * (admin/lib/chunk-reload.ts) says that the back office was updated, with a Reload button.
 */
export function AdminRouteError({ error }: { error: unknown }) {
  useEffect(() => {
    console.error(error);
    reportBoundaryError(error);
  }, [error]);
  return isChunkLoadError(error) ? <UpdatedPage /> : <ErrorPage />;
}

function UpdatedPage() {
  const { t } = useTranslation('admin');
  return (
    <SimplePage title={t('updated.title')}>
      <Text c="gray.7">{t('updated.body')}</Text>
      <Button onClick={() => window.location.reload()}>{t('updated.reload')}</Button>
    </SimplePage>
  );
}
