import 'i18next';
import type en from '@/lib/i18n/locales/en.json';

// Types `t()` keys from the English locale, so a misspelt key fails the type check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
