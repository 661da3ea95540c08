import { Alert, Button, Group, Loader, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchWaitlistSettings, saveWaitlistSettings, type WaitlistSettings } from '@/admin/features/settings/api/waitlist';
import { toast } from '@/lib/toast';

/**
 * The settings dialog's Waiting list tab (issue 27; ADMIN and above): whether full sessions offer the
 * waiting list, and how long an offer holds its places. Saves on its own.
 */
export function WaitlistTab({ idCompany }: { idCompany: number }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const key = ['waitlist-settings', idCompany];
  const settings = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchWaitlistSettings(idCompany, signal) });
  const [draft, setDraft] = useState<WaitlistSettings | null>(null);
  const save = useMutation({
    mutationFn: (s: WaitlistSettings) => saveWaitlistSettings(idCompany, s),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      setDraft(null);
      toast(t('waitlist.saved'), 'green');
    },
    onError: () => toast(t('waitlist.failed'), 'red'),
  });
  if (settings.isPending) return <Loader size="sm" aria-label={t('waitlist.loading')} />;
  if (settings.isError) {
    return (
      <Alert color="red" role="alert">
        {t('waitlist.loadFailed')}
      </Alert>
    );
  }
  const value = draft ?? settings.data;
  const minutesValid = Number.isInteger(value.offerMinutes) && value.offerMinutes >= 5 && value.offerMinutes <= 1440;
  return (
    <Stack gap="md" maw={520}>
      <Text size="sm" c="gray.7">
        {t('waitlist.intro')}
      </Text>
      <Switch
        label={t('waitlist.enabled')}
        checked={value.enabled}
        onChange={(e) => setDraft({ ...value, enabled: e.currentTarget.checked })}
      />
      <NumberInput
        label={t('waitlist.offerMinutes')}
        description={t('waitlist.offerMinutesHint')}
        min={5}
        max={1440}
        allowDecimal={false}
        value={value.offerMinutes}
        onChange={(v) => setDraft({ ...value, offerMinutes: typeof v === 'number' ? v : Number.NaN })}
        error={minutesValid ? undefined : t('waitlist.offerMinutesRange')}
      />
      <Group justify="flex-end">
        <Button disabled={draft === null || !minutesValid} loading={save.isPending} onClick={() => draft && save.mutate(draft)}>
          {t('waitlist.save')}
        </Button>
      </Group>
    </Stack>
  );
}
