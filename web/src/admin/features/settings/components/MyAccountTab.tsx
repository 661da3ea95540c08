import { Button, Divider, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionList } from '@/admin/components/SessionList';
import { changePassword, endMyOtherSessions, endMySession, fetchMe, fetchMySessions, updateMe } from '@/admin/features/settings/api/settings';
import { PasswordStrength, strongEnough, usePasswordScore } from '@/admin/components/PasswordStrength';
import { SecondFactorSection } from '@/admin/features/settings/components/SecondFactorSection';
import { isWeakPasswordError } from '@/admin/lib/password-strength';
import { settingsToast } from '@/admin/features/settings/utils/toasts';
import { useAdminFormat } from '@/admin/lib/format';
import { ApiError } from '@/lib/api/errors';

/**
 * Tab 1, My account: the user's name and e-mail (a new e-mail needs the current password), and a
 * password change that asks for the current password and signs the user out on their other devices.
 * It saves on its own buttons, apart from the dialog's Save. Below, the user's live sessions (MySessions).
 */
export function MyAccountTab({ onNameChange }: { onNameChange?: (name: string) => void }) {
  const { t } = useTranslation('settings');
  const { t: ta } = useTranslation('admin');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [original, setOriginal] = useState('');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const score = usePasswordScore(next, original, name);

  useEffect(() => {
    const ctl = new AbortController();
    fetchMe(ctl.signal)
      .then((me) => {
        setName(me.user.name);
        setEmail(me.user.email);
        setOriginal(me.user.email);
      })
      .catch(() => undefined);
    return () => ctl.abort();
  }, []);

  const fail = (e: unknown) => {
    // 429: five wrong current passwords in 15 minutes; the server checks none until the wait is over.
    if (e instanceof ApiError && e.status === 429) setErrors({ currentPassword: t('account.tooManyTries') });
    else if (e instanceof ApiError && e.fields)
      setErrors(isWeakPasswordError(e.fields.newPassword) ? { ...e.fields, newPassword: ta('password.weak') } : e.fields);
    else settingsToast(t('failed'), 'error');
  };

  const saveProfile = async () => {
    setErrors({});
    const changesEmail = email.trim().toLowerCase() !== original;
    if (changesEmail && !current) {
      setErrors({ currentPassword: t('account.emailNeedsPassword') });
      return;
    }
    setBusy(true);
    try {
      const me = await updateMe({ name, email, ...(changesEmail ? { currentPassword: current } : {}) });
      setOriginal(me.user.email);
      setEmail(me.user.email);
      onNameChange?.(me.user.name);
      settingsToast(t('account.profileSaved'), 'success');
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const savePassword = async () => {
    setErrors({});
    if (next.length < 12) return setErrors({ newPassword: t('account.tooShort') });
    if (score !== null && !strongEnough(score)) return setErrors({ newPassword: ta('password.weak') });
    if (next !== repeat) return setErrors({ repeat: t('account.mismatch') });
    setBusy(true);
    try {
      await changePassword({ currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setRepeat('');
      settingsToast(t('account.passwordChanged'), 'success');
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  // Mantine's own label of the show-password button is English; every language names it.
  const toggle = { 'aria-label': t('account.showPassword') };
  return (
    <Stack gap="lg">
      <Stack gap="sm" maw={420}>
      <TextInput label={t('account.name')} value={name} error={errors.name} onChange={(e) => setName(e.currentTarget.value)} autoComplete="name" />
      <TextInput label={t('account.email')} type="email" dir="ltr" value={email} error={errors.email} onChange={(e) => setEmail(e.currentTarget.value)} autoComplete="email" />
      <PasswordInput
        label={t('account.currentPassword')}
        value={current}
        error={errors.currentPassword}
        onChange={(e) => setCurrent(e.currentTarget.value)}
        autoComplete="current-password"
        visibilityToggleButtonProps={toggle}
      />
      <Button onClick={() => void saveProfile()} loading={busy} variant="light">
        {t('account.saveProfile')}
      </Button>
      <Divider />
      <Title order={3} size="h5">
        {t('account.changePassword')}
      </Title>
      <PasswordInput label={t('account.newPassword')} value={next} error={errors.newPassword} onChange={(e) => setNext(e.currentTarget.value)} autoComplete="new-password" visibilityToggleButtonProps={toggle} />
      <PasswordStrength password={next} score={score} />
      <PasswordInput label={t('account.confirmPassword')} value={repeat} error={errors.repeat} onChange={(e) => setRepeat(e.currentTarget.value)} autoComplete="new-password" visibilityToggleButtonProps={toggle} />
      <Button onClick={() => void savePassword()} loading={busy} disabled={!current || !next}>
        {t('account.changePassword')}
      </Button>
      </Stack>
      <Divider />
      <MySessions />
      <Divider />
      <SecondFactorSection />
    </Stack>
  );
}

/**
 * My sessions (issue 24): where the user is signed in now, in the browser's own time zone, ending any
 * (ending this one signs out: the next call is a 401 and the shell goes to the sign-in page) or every
 * other at once.
 */
function MySessions() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const key = ['me', 'sessions'];
  const sessions = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchMySessions(signal) });
  const format = useAdminFormat({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  const end = useMutation({
    mutationFn: (id: number | undefined) => (id === undefined ? endMyOtherSessions() : endMySession(id).then(() => 1)),
    onSuccess: (n) => settingsToast(t('account.sessionsEnded', { count: n }), 'success'),
    onError: () => settingsToast(t('failed'), 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('account.sessions')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('account.sessionsIntro')}
      </Text>
      {sessions.isError && <Text c="red">{t('account.sessionsFailed')}</Text>}
      {sessions.data && (
        <SessionList sessions={sessions.data} when={(iso) => format.instant(iso)} busy={end.isPending} onEnd={(s) => end.mutate(s.id)} />
      )}
      {others > 0 && (
        <Group>
          <Button variant="light" color="red" disabled={end.isPending} onClick={() => end.mutate(undefined)}>
            {t('account.endOtherSessions')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
