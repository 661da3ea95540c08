import { useDirection } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { followOtherTabs } from '@/lib/i18n';
import { languageForCode } from '@/lib/i18n/languages';

/**
 * Keeps `<html lang dir>` and Mantine's direction in step with the current language: Arabic is
 * right-to-left, the others left-to-right. Also follows a language chosen in another tab of the site.
 */
export function DirectionSync() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const language = languageForCode(i18n.resolvedLanguage ?? i18n.language);
  useEffect(() => followOtherTabs(), []);
  useEffect(() => {
    document.documentElement.lang = language.culture;
    document.documentElement.dir = language.dir;
    setDirection(language.dir);
  }, [language, setDirection]);
  return null;
}
