import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '@/components/LanguageSelect.module.css';
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
  const id = useId();
  const current = languageForCode(i18n.resolvedLanguage ?? i18n.language);
  return (
    <div className={className ? `${classes.root} ${className}` : classes.root}>
      <label htmlFor={id} className={classes.label} style={labelColor ? { color: labelColor } : undefined}>
        {t('common.language')}
      </label>
      <select
        id={id}
        className={classes.select}
        value={current.culture}
        onChange={(event) => void chooseLanguage(event.currentTarget.value)}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.culture} lang={language.culture}>
            {language.label}
          </option>
        ))}
      </select>
    </div>
  );
}
