import { Alert, Loader, Modal } from '@mantine/core';
import { TermsHtml } from '@/components/TermsHtml';
import { useTranslation } from 'react-i18next';
import { useTerms } from '@/lib/api/get-terms';
import { languageForCode } from '@/lib/i18n/languages';

interface TermsDialogProps {
  idCompany: number;
  opened: boolean;
  onClose: () => void;
  /** The dialog's title (terms, or sales terms when paid online). */
  title: string;
  /** What to say when the terms cannot be loaded. */
  errorText: string;
}

/** The company's terms and conditions in the current language (or the server's best fallback), loaded when opened. */
export function TermsDialog({ idCompany, opened, onClose, title, errorText }: TermsDialogProps) {
  const { t, i18n } = useTranslation('components');
  const culture = languageForCode(i18n.resolvedLanguage ?? i18n.language).culture;
  const terms = useTerms(idCompany, culture, opened);
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('close') }}>
      {terms.isPending && <Loader aria-label={t('loading')} />}
      {terms.isError && <Alert color="red">{errorText}</Alert>}
      {terms.data && (
        <TermsHtml html={terms.data.text} lang={terms.data.culture} />
      )}
    </Modal>
  );
}
