import { Alert, Loader, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTerms } from '@/features/booking/api/get-terms';
import classes from '@/features/booking/components/Wizard.module.css';
import { languageForCode } from '@/lib/i18n/languages';

interface TermsDialogProps {
  idCompany: number;
  opened: boolean;
  onClose: () => void;
  /** The sales terms wording (online payment). */
  sales: boolean;
}

/** The company's terms and conditions in the current language (or the server's best fallback). */
export function TermsDialog({ idCompany, opened, onClose, sales }: TermsDialogProps) {
  const { t, i18n } = useTranslation('booking');
  const culture = languageForCode(i18n.resolvedLanguage ?? i18n.language).culture;
  const terms = useTerms(idCompany, culture, opened);
  return (
    <Modal opened={opened} onClose={onClose} title={sales ? t('summary.salesTerms') : t('summary.terms')} size="lg" closeButtonProps={{ 'aria-label': t('close') }}>
      {terms.isPending && <Loader aria-label={t('loading')} />}
      {terms.isError && <Alert color="red">{t('errors.problemas')}</Alert>}
      {terms.data && (
        <Text className={classes.termsText} lang={terms.data.culture}>
          {terms.data.text}
        </Text>
      )}
    </Modal>
  );
}
