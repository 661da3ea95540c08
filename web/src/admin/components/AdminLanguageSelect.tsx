import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { chooseAdminLanguage } from '@/admin/lib/i18n';
import { LANGUAGES, languageForCode } from '@/lib/i18n/languages';

/**
 * The back office's language selector (the top bar, the login page): the seven languages by their own
 * names. Unlike the customer's (src/components/LanguageSelect), it loads the back office's texts of the
 * chosen language before switching, so no text shows in the old language meanwhile.
 */
export function AdminLanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = languageForCode(i18n.resolvedLanguage ?? i18n.language);
  return (
    <NativeSelect
      aria-label={t('common.language')}
      value={current.culture}
      onChange={(event) => void chooseAdminLanguage(event.currentTarget.value)}
      data={LANGUAGES.map((l) => ({ value: l.culture, label: l.label }))}
      w={{ base: 110, sm: 150 }}
    />
  );
}
