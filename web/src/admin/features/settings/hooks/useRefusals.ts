import { useTranslation } from 'react-i18next';
import type { SettingsState } from '@/admin/features/settings/hooks/useSettings';
import type { Refusal, SettingsField } from '@/admin/features/settings/utils/refused';
import { adminFormat } from '@/admin/lib/format';
import { isolate } from '@/lib/format';

/**
 * The sentence of a refusal in the chosen language: a date it names written as the back office writes
 * days, and a date or the server's words isolated so that they keep their order in Arabic.
 */
export function useRefusalText(): (r: Refusal) => string {
  const { t, i18n } = useTranslation('settings');
  const format = adminFormat(i18n.resolvedLanguage ?? i18n.language, {});
  return (r) => {
    const values: Record<string, string | number> = { ...r.values };
    if (typeof values.date === 'string') values.date = isolate(format.day(values.date));
    if (typeof values.text === 'string') values.text = isolate(values.text);
    return (t as unknown as (key: string, options: object) => string)(r.message, values);
  };
}

/**
 * The refused-save error of a field of an installation, as a sentence, or undefined: what a tab passes
 * as its field's `error`.
 */
export function useFieldRefusal(state: SettingsState, idInstallation: number): (field: SettingsField) => string | undefined {
  const text = useRefusalText();
  return (field) => {
    const r = state.refused.find((x) => x.idInstallation === idInstallation && x.field === field);
    return r && text(r);
  };
}
