import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The products, packs and categories tabs until the catalogue (issue 14's other half) is merged. */
export function ComingWithCatalogue() {
  const { t } = useTranslation('settings');
  return (
    <Alert color="gray" variant="light">
      {t('comingWithCatalogue')}
    </Alert>
  );
}
