import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readableError, RecoveryCodes, TotpSecret } from '@/admin/components/TotpEnrol';
import { confirmSecondFactor, disableSecondFactor, fetchSecondFactor, setupSecondFactor } from '@/admin/features/settings/api/settings';
import { settingsToast } from '@/admin/features/settings/utils/toasts';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

type Status = components['schemas']['SecondFactorStatus'];

/**
 * My account's second factor (issue 24): off → "Set up" shows the QR code and the secret, a code from
 * the app turns it on and the ten recovery codes are shown once; on → the password and a code (or a
 * recovery code) turn it off.
 */
export function SecondFactorSection() {
  const { t } = useTranslation('settings');
  const [status, setStatus] = useState<Status>();
  const [setup, setSetup] = useState<{ secret: string; otpauthUri: string }>();
  const [codes, setCodes] = useState<string[]>();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const reload = (signal?: AbortSignal) =>
    fetchSecondFactor(signal)
      .then(setStatus)
      .catch(() => undefined);
  useEffect(() => {
    const ctl = new AbortController();
    void reload(ctl.signal);
    return () => ctl.abort();
  }, []);

  const fail = (e: unknown) => {
    if (e instanceof ApiError && e.status === 429) setErrors({ code: t('account.sfTooMany') });
    else if (e instanceof ApiError && e.fields?.currentPassword) setErrors({ currentPassword: e.fields.currentPassword });
    else if (e instanceof ApiError && e.fields?.code) setErrors({ code: t('account.sfWrongCode') });
    else settingsToast(t('failed'), 'error');
  };
  const run = async (fn: () => Promise<void>) => {
    setErrors({});
    setBusy(true);
    try {
      await fn();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const start = () => run(async () => setSetup(await setupSecondFactor()));
  const confirm = () =>
    run(async () => {
      const res = await confirmSecondFactor(code);
      setCodes(res.recoveryCodes);
      setSetup(undefined);
      setCode('');
      settingsToast(t('account.sfEnabled'), 'success');
      await reload();
    });
  const disable = () =>
    run(async () => {
      await disableSecondFactor({ currentPassword: password, code });
      setPassword('');
      setCode('');
      setCodes(undefined);
      settingsToast(t('account.sfDisabled'), 'success');
      await reload();
    });

  if (!status) return null;
  return (
    <Stack gap="sm" data-testid="second-factor">
      <Title order={3} size="h5">
        {t('account.secondFactor')}
      </Title>
      <Text size="sm">{status.enabled ? t('account.sfOn', { count: status.recoveryCodesLeft }) : t('account.sfOff')}</Text>
      {status.required && !status.enabled && (
        <Alert color="orange" role="status">
          {t('account.sfRequired')}
        </Alert>
      )}
      {codes && <RecoveryCodes codes={codes} />}
      {!status.enabled && !setup && (
        <Group>
          <Button variant="light" onClick={() => void start()} loading={busy}>
            {t('account.sfEnable')}
          </Button>
        </Group>
      )}
      {!status.enabled && setup && (
        <>
          <TotpSecret uri={setup.otpauthUri} secret={setup.secret} />
          <TextInput label={t('account.sfCode')} value={code} error={errors.code} styles={readableError} onChange={(e) => setCode(e.currentTarget.value)} autoComplete="one-time-code" inputMode="numeric" dir="ltr" maxLength={64} />
          <Button onClick={() => void confirm()} loading={busy} disabled={!code.trim()}>
            {t('account.sfConfirm')}
          </Button>
        </>
      )}
      {status.enabled && (
        <>
          <PasswordInput label={t('account.currentPassword')} value={password} error={errors.currentPassword} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="current-password" visibilityToggleButtonProps={{ 'aria-label': t('account.showPassword') }} />
          <TextInput label={t('account.sfDisableCode')} value={code} error={errors.code} styles={readableError} onChange={(e) => setCode(e.currentTarget.value)} autoComplete="one-time-code" dir="ltr" maxLength={64} />
          <Button color="red" variant="light" onClick={() => void disable()} loading={busy} disabled={!password || !code.trim()}>
            {t('account.sfDisable')}
          </Button>
        </>
      )}
    </Stack>
  );
}
