import { Anchor, Center, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** 'Page not found' for a back-office address that is not /login or /admin, with a way back. */
export function AdminNotFound() {
  const { t } = useTranslation('admin');
  return (
    <Center mih="100vh" component="main">
      <Stack align="center">
        <Title order={1}>{t('notFound.title')}</Title>
        <Anchor component={Link} to="/admin">
          {t('notFound.back')}
        </Anchor>
      </Stack>
    </Center>
  );
}
