import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '@/lib/i18n';
import { LANGUAGES, languageForCode } from '@/lib/i18n/languages';

interface LanguageSelectProps {
  className?: string;
  /** Colour of the visible label, for placing the selector on a coloured bar. */
  labelColor?: string;
}

/** The language selector: lists the seven languages by their own names and keeps the choice for the session. */
export function LanguageSelect({ className, labelColor }: LanguageSelectProps) {
  const { t, i18n } = useTranslation();
  const current = languageForCode(i18n.resolvedLanguage ?? i18n.language);
  return (
    <NativeSelect
      className={className}
      label={t('common.language')}
      size="sm"
      value={current.culture}
      onChange={(event) => void chooseLanguage(event.currentTarget.value)}
      styles={labelColor ? { label: { color: labelColor } } : undefined}
    >
      {LANGUAGES.map((language) => (
        <option key={language.code} value={language.culture} lang={language.culture}>
          {language.label}
        </option>
      ))}
    </NativeSelect>
  );
}
