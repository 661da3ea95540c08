import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/admin/components/DateField';
import { Confirm } from '@/admin/features/settings/components/Confirm';
import { EmailList } from '@/admin/features/settings/components/EmailList';
import { useFieldRefusal } from '@/admin/features/settings/hooks/useRefusals';
import { companyFields, type SettingsState } from '@/admin/features/settings/hooks/useSettings';
import { boundErrors, DEFAULTS, type Draft } from '@/admin/features/settings/utils/draft';
import type { SettingsField } from '@/admin/features/settings/utils/refused';
import { addDays, todayIn } from '@/admin/lib/dates';
import { adminFormat } from '@/admin/lib/format';
import { isolate } from '@/lib/format';

/** An e-mail address, roughly: what the server accepts is checked there. */
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
/** A phone with its country code: "+", then 7 to 15 digits with spaces, dots, dashes or brackets between. */
const PHONE = /^\+(?:[\s.()-]*\d){7,15}[\s.()-]*$/;

/** An address or a phone number reads left to right, also in the Arabic back office. */
const LTR_INPUT = { input: { direction: 'ltr' as const } };

const SHARED: readonly string[] = companyFields;

/**
 * Tab 2, General: the booking rules of section 5 with their bounds, the switches and the e-mail lists, of
 * the installation chosen in the select (issue 24: a company with two installations edits either). The
 * company's own fields (switches, contact, lists) are the same for every installation.
 */
export function GeneralTab({ state }: { state: SettingsState }) {
  const { t, i18n } = useTranslation('settings');
  const format = adminFormat(i18n.resolvedLanguage ?? i18n.language, {});
  const [confirm, setConfirm] = useState<'disable' | 'defaults'>();
  const [chosen, setChosen] = useState<number>();
  const d = state.drafts.find((x) => x.idInstallation === chosen) ?? state.drafts[0];
  const refusal = useFieldRefusal(state, d?.idInstallation ?? 0);
  if (!d) return null;
  const set = (patch: Partial<Draft>) => {
    const shared = Object.fromEntries(Object.entries(patch).filter(([k]) => SHARED.includes(k)));
    const own = Object.fromEntries(Object.entries(patch).filter(([k]) => !SHARED.includes(k)));
    for (const x of state.drafts) {
      state.update(x.idInstallation, (y) => ({ ...y, ...shared, ...(x.idInstallation === d.idInstallation ? own : {}) }));
    }
  };
  const errors = boundErrors(d);
  // What the dialog sees wrong first; else what the last save was refused for, until the value changes.
  const err = (field: SettingsField) => (errors[field] ? t(`general.errors.${errors[field]}`) : refusal(field));
  const limit = dateLimitBounds(d.timeZone);
  const limitDay = d.dateLimit.enabled ? d.dateLimit.date : '';
  const limitError = !limitDay
    ? refusal('dateLimit')
    : limitDay < limit.first
      ? t('refused.dateLimitEarly')
      : limitDay > limit.last
        ? t('refused.dateLimitLate', { date: isolate(format.day(limit.last)) })
        : refusal('dateLimit');
  const num = (v: string | number) => (typeof v === 'number' ? v : Number.NaN);
  return (
    <Stack gap="md">
      {state.drafts.length > 1 && (
        <Select
          label={t('general.installation')}
          data={state.drafts.map((x) => ({ value: String(x.idInstallation), label: x.name }))}
          allowDeselect={false}
          maw={360}
          value={String(d.idInstallation)}
          onChange={(v) => v && setChosen(Number(v))}
        />
      )}
      <Switch
        label={t('general.enableBooking')}
        checked={d.enableBooking}
        onChange={(e) => (e.currentTarget.checked ? set({ enableBooking: true }) : setConfirm('disable'))}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput label={t('general.interval')} min={1} max={480} allowDecimal={false} value={d.interval} error={err('interval')} onChange={(v) => set({ interval: num(v) })} />
        <NumberInput label={t('general.maxParticipants')} min={1} allowDecimal={false} value={d.maxParticipants} error={err('maxParticipants')} onChange={(v) => set({ maxParticipants: num(v) })} />
        <NumberInput label={t('general.maxSlotsBooking')} min={1} max={10} allowDecimal={false} value={d.maxSlotsBooking} error={err('data.maxSlotsBooking')} onChange={(v) => set({ maxSlotsBooking: num(v) })} />
        <NumberInput label={t('general.maxDaysBooking')} min={1} allowDecimal={false} value={d.maxDaysBooking} error={err('data.maxDaysBooking')} onChange={(v) => set({ maxDaysBooking: num(v) })} />
        <NumberInput label={t('general.disableHoursBooking')} min={0} max={24} allowDecimal={false} value={d.disableHoursBooking} error={err('data.disableHoursBooking')} onChange={(v) => set({ disableHoursBooking: num(v) })} />
      </SimpleGrid>
      <Group>
        <Checkbox label={t('general.showEmails')} checked={d.showEmails} onChange={(e) => set({ showEmails: e.currentTarget.checked })} />
        <Checkbox label={t('general.emailOptional')} checked={d.emailOptional} onChange={(e) => set({ emailOptional: e.currentTarget.checked })} />
        <Checkbox label={t('general.enableGroupedProducts')} checked={d.enableGroupedProducts} onChange={(e) => set({ enableGroupedProducts: e.currentTarget.checked })} />
      </Group>
      <Group align="flex-end">
        <Switch label={t('general.dateLimit')} checked={d.dateLimit.enabled} onChange={(e) => set({ dateLimit: { ...d.dateLimit, enabled: e.currentTarget.checked } })} />
        <DateField
          label={t('general.dateLimitDate')}
          disabled={!d.dateLimit.enabled}
          minDate={limit.first}
          maxDate={limit.last}
          error={limitError}
          value={d.dateLimit.date}
          onChange={(day) => set({ dateLimit: { ...d.dateLimit, date: day ?? '' } })}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="email"
          label={t('general.contactEmail')}
          styles={LTR_INPUT}
          value={d.contactEmail}
          error={d.contactEmail.trim() && !EMAIL.test(d.contactEmail.trim()) ? t('general.invalidEmail') : refusal('contactEmail')}
          onChange={(e) => set({ contactEmail: e.currentTarget.value })}
        />
        <TextInput
          type="tel"
          label={t('general.contactPhone')}
          description={t('general.contactPhoneHint')}
          styles={LTR_INPUT}
          autoComplete="off"
          value={d.contactPhone}
          error={d.contactPhone.trim() && !PHONE.test(d.contactPhone.trim()) ? t('general.errors.phone') : refusal('contactPhone')}
          onChange={(e) => set({ contactPhone: e.currentTarget.value })}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <EmailList label={t('general.confirmationEmails')} emails={d.confirmationEmails} error={refusal('confirmationEmails')} onChange={(confirmationEmails) => set({ confirmationEmails })} />
        <EmailList label={t('general.cancellationEmails')} emails={d.cancellationEmails} error={refusal('cancellationEmails')} onChange={(cancellationEmails) => set({ cancellationEmails })} />
      </SimpleGrid>
      <Group>
        <Button variant="default" onClick={() => setConfirm('defaults')}>
          {t('general.restoreDefaults')}
        </Button>
      </Group>
      <Confirm
        opened={confirm === 'disable'}
        title={t('general.confirmDisable.title')}
        accept={t('general.confirmDisable.accept')}
        danger
        onAccept={() => {
          set({ enableBooking: false });
          setConfirm(undefined);
        }}
        onCancel={() => setConfirm(undefined)}
      >
        {t('general.confirmDisable.body')}
      </Confirm>
      <Confirm
        opened={confirm === 'defaults'}
        title={t('general.confirmDefaults.title')}
        accept={t('general.confirmDefaults.accept')}
        onAccept={() => {
          set({ ...DEFAULTS });
          setConfirm(undefined);
        }}
        onCancel={() => setConfirm(undefined)}
      >
        {t('general.confirmDefaults.body')}
      </Confirm>
    </Stack>
  );
}

/**
 * The days the booking date limit may be (admin-side.md 5: "dateLimitBooking minimum about one year
 * back"), as the server checks them (internal/setup/validate.go): from a year before today in the
 * circuit's time zone to 31 December five years on.
 */
export function dateLimitBounds(timeZone: string, now: Date = new Date()): { first: string; last: string } {
  const today = todayIn(timeZone, now);
  return { first: addDays(today, -365), last: `${Number(today.slice(0, 4)) + 5}-12-31` };
}
