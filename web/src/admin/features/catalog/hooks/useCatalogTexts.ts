import { useTranslation } from 'react-i18next';

/** The catalogue's texts (namespace `catalog`, keys typed from locales/en.json). */
export function useCatalogTexts() {
  return useTranslation('catalog');
}
