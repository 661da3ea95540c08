import { Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StageHeading } from '@/features/event-register/components/StageHeading';

/** The last stage: the registration is saved and the visitor is on the way to the secure payment page. */
export function DoneStage() {
  const { t } = useTranslation('eventRegister');
  return (
    <Stack gap="md" align="center" ta="center" py="lg">
      <StageHeading focus>{t('done.title')}</StageHeading>
      <Loader aria-hidden />
      <Text>{t('done.body')}</Text>
      <Text size="sm" c="gray.7">
        {t('done.mail')}
      </Text>
    </Stack>
  );
}
