import { Alert, Button, FileButton, Group, Image, Loader, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchCompanySettings,
  saveCompanySettings,
  uploadLogo,
  type CompanySettings,
  type CompanySettingsPatch,
} from '@/admin/features/settings/api/company';
import { EmailList } from '@/admin/features/settings/components/EmailList';
import { ApiError } from '@/lib/api/errors';
import { toast } from '@/lib/toast';

/** The currencies a company may use (the server's list). */
const CURRENCIES = ['EUR', 'DKK', 'NOK', 'SEK', 'GBP', 'USD', 'CHF'];
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const MAX_LOGO_BYTES = 512 * 1024;
/** The fields the server names in its errors, each with its own message. */
const ERROR_FIELDS = ['name', 'address', 'replyTo', 'reportEmails', 'currency', 'timeZone', 'logo', 'refundMaxDays'] as const;
type ErrorField = (typeof ERROR_FIELDS)[number];
const isErrorField = (f: string): f is ErrorField => (ERROR_FIELDS as readonly string[]).includes(f);
/** An address, a time zone or a currency code reads left to right, also in the Arabic back office. */
const LTR_INPUT = { input: { direction: 'ltr' as const } };

/** The browser's IANA time zones, with the company's own first when the browser does not list it. */
function timeZones(current: string): string[] {
  const all = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return all.includes(current) || !current ? all : [current, ...all];
}

/** The fields of the draft that differ from what was loaded: what a save sends. */
function changes(base: CompanySettings, draft: CompanySettings): CompanySettingsPatch {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(draft) as (keyof CompanySettings)[]) {
    if (key === 'currencySymbol') continue;
    if (JSON.stringify(draft[key]) !== JSON.stringify(base[key])) out[key] = draft[key];
  }
  return out as CompanySettingsPatch;
}

async function base64Of(file: File): Promise<string> {
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });
  return url.replace(/^data:[^,]*,/, '');
}

/**
 * The settings dialog's Company tab (issue 24; SUPERADMIN only): the switches and the contact that only
 * the database held — refunds and their window, online payments, advertising, the licences box, the
 * company's name, postal address, Reply-To and report addresses, currency, time zone and logo. A save
 * sends only the fields changed; the server's field errors show on their fields.
 */
export function CompanyTab({ idCompany }: { idCompany: number }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const key = ['admin', 'company-settings', idCompany];
  const loaded = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchCompanySettings(idCompany, signal) });
  const [draft, setDraft] = useState<CompanySettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const save = useMutation({
    mutationFn: (patch: CompanySettingsPatch) => saveCompanySettings(idCompany, patch),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'company'] });
      setDraft(null);
      setErrors({});
      toast(t('company.saved'), 'green');
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 422 && e.fields) {
        setErrors(Object.fromEntries(Object.keys(e.fields).map((f) => [f, isErrorField(f) ? t(`company.errors.${f}`) : t('company.errors.generic')])));
        toast(t('company.invalid'), 'red');
      } else toast(t('company.failed'), 'red');
    },
  });
  if (loaded.isPending) return <Loader size="sm" aria-label={t('company.loading')} />;
  if (loaded.isError) {
    return (
      <Alert color="red" role="alert">
        {t('company.loadFailed')}
      </Alert>
    );
  }
  const base = loaded.data;
  const value = draft ?? base;
  const set = (patch: Partial<CompanySettings>) => setDraft({ ...value, ...patch });
  const patch = changes(base, value);
  const replyToBad = value.replyTo.trim() !== '' && !EMAIL.test(value.replyTo.trim());
  const daysBad = !Number.isInteger(value.refundMaxDays) || value.refundMaxDays < 0 || value.refundMaxDays > 365;
  const nameBad = value.name.trim() === '';
  const err = (field: ErrorField, local?: boolean): string | undefined => (local ? t(`company.errors.${field}`) : errors[field]);

  const chooseLogo = async (file: File | null) => {
    if (!file) return;
    if (file.type !== 'image/png' || file.size > MAX_LOGO_BYTES) {
      toast(t('company.logoRefused'), 'red');
      return;
    }
    setUploading(true);
    try {
      set({ logo: await uploadLogo(idCompany, await base64Of(file)) });
    } catch {
      toast(t('company.logoRefused'), 'red');
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap="lg" maw={720}>
      <Text size="sm" c="gray.7">
        {t('company.intro')}
      </Text>

      <Stack gap="sm" component="section" aria-labelledby="company-contact">
        <Title order={3} size="h5" id="company-contact">
          {t('company.contact')}
        </Title>
        <TextInput label={t('company.name')} withAsterisk value={value.name} error={err('name', nameBad)} onChange={(e) => set({ name: e.currentTarget.value })} />
        <Textarea
          label={t('company.address')}
          description={t('company.addressHint')}
          rows={2}
          value={value.address}
          error={err('address')}
          onChange={(e) => set({ address: e.currentTarget.value })}
        />
        <TextInput
          type="email"
          label={t('company.replyTo')}
          description={t('company.replyToHint')}
          styles={LTR_INPUT}
          value={value.replyTo}
          error={err('replyTo', replyToBad)}
          onChange={(e) => set({ replyTo: e.currentTarget.value })}
        />
        <EmailList label={t('company.reportEmails')} emails={value.reportEmails} onChange={(reportEmails) => set({ reportEmails })} />
        {errors.reportEmails && (
          <Text size="sm" c="red.8">
            {errors.reportEmails}
          </Text>
        )}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="company-money">
        <Title order={3} size="h5" id="company-money">
          {t('company.money')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('company.currency')}
            data={CURRENCIES}
            allowDeselect={false}
            styles={LTR_INPUT}
            value={value.currency}
            error={err('currency')}
            onChange={(v) => v && set({ currency: v as CompanySettings['currency'] })}
          />
          <Select
            label={t('company.timeZone')}
            description={t('company.timeZoneHint')}
            data={timeZones(value.timeZone)}
            searchable
            allowDeselect={false}
            limit={200}
            styles={LTR_INPUT}
            value={value.timeZone}
            error={err('timeZone')}
            nothingFoundMessage={t('company.noTimeZone')}
            onChange={(v) => v && set({ timeZone: v })}
          />
        </SimpleGrid>
        <Switch label={t('company.paymentsActive')} description={t('company.paymentsActiveHint')} checked={value.paymentsActive} onChange={(e) => set({ paymentsActive: e.currentTarget.checked })} />
        <Switch label={t('company.isRefundEnabled')} checked={value.isRefundEnabled} onChange={(e) => set({ isRefundEnabled: e.currentTarget.checked })} />
        <NumberInput
          label={t('company.refundMaxDays')}
          description={t('company.refundMaxDaysHint')}
          min={0}
          max={365}
          allowDecimal={false}
          maw={320}
          disabled={!value.isRefundEnabled}
          value={value.refundMaxDays}
          error={err('refundMaxDays', daysBad)}
          onChange={(v) => set({ refundMaxDays: typeof v === 'number' ? v : Number.NaN })}
        />
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="company-features">
        <Title order={3} size="h5" id="company-features">
          {t('company.features')}
        </Title>
        <Switch label={t('company.advertisingActive')} checked={value.advertisingActive} onChange={(e) => set({ advertisingActive: e.currentTarget.checked })} />
        <Switch label={t('company.featureLicences')} checked={value.featureLicences} onChange={(e) => set({ featureLicences: e.currentTarget.checked })} />
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="company-logo">
        <Title order={3} size="h5" id="company-logo">
          {t('company.logo')}
        </Title>
        {value.logo ? <Image src={value.logo} alt={t('company.logoAlt')} w={90} h={70} fit="contain" /> : <Text size="sm">{t('company.noLogo')}</Text>}
        <Text size="xs" c="gray.7">
          {t('company.logoHint')}
        </Text>
        {errors.logo && (
          <Text size="sm" c="red.8">
            {errors.logo}
          </Text>
        )}
        <Group gap="sm">
          <FileButton onChange={(f) => void chooseLogo(f)} accept="image/png">
            {(props) => (
              <Button {...props} variant="default" loading={uploading}>
                {t('company.chooseLogo')}
              </Button>
            )}
          </FileButton>
          {value.logo && (
            <Button variant="subtle" color="red" onClick={() => set({ logo: '' })}>
              {t('company.removeLogo')}
            </Button>
          )}
        </Group>
      </Stack>

      <Group justify="flex-end" gap="sm">
        <Button
          variant="default"
          disabled={draft === null}
          onClick={() => {
            setDraft(null);
            setErrors({});
          }}
        >
          {t('company.discard')}
        </Button>
        <Button
          disabled={Object.keys(patch).length === 0 || replyToBad || daysBad || nameBad}
          loading={save.isPending}
          onClick={() => save.mutate(patch)}
        >
          {t('company.save')}
        </Button>
      </Group>
    </Stack>
  );
}
