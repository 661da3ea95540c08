import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageFooter } from '@/components/PageFooter';
import { SimplePage } from '@/components/SimplePage';

/** The 'Page not found' page: unknown routes and unknown company keys, with the app's footer (the problem report). It makes no request. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <SimplePage title={t('notFound.title')} mark="404">
        <Text c="gray.7">{t('notFound.body')}</Text>
      </SimplePage>
      <PageFooter />
    </>
  );
}
