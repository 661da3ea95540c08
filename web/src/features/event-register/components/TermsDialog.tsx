import { Alert, Loader, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTerms } from '@/features/event-register/api/get-terms';
import classes from '@/features/event-register/components/EventRegister.module.css';
import { languageForCode } from '@/lib/i18n/languages';

interface TermsDialogProps {
  idCompany: number;
  opened: boolean;
  onClose: () => void;
}

/** The company's sales terms in the current language (or the server's best fallback). */
export function TermsDialog({ idCompany, opened, onClose }: TermsDialogProps) {
  const { t, i18n } = useTranslation('eventRegister');
  const culture = languageForCode(i18n.resolvedLanguage ?? i18n.language).culture;
  const terms = useTerms(idCompany, culture, opened);
  return (
    <Modal opened={opened} onClose={onClose} title={t('summary.termsTitle')} size="lg" closeButtonProps={{ 'aria-label': t('close') }}>
      {terms.isPending && <Loader aria-label={t('loading')} />}
      {terms.isError && <Alert color="red">{t('errors.termsUnavailable')}</Alert>}
      {terms.data && (
        <Text className={classes.termsText} lang={terms.data.culture}>
          {terms.data.text}
        </Text>
      )}
    </Modal>
  );
}
