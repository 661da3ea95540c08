import { Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { TokenLinkFrame } from '@/admin/components/TokenLinkFrame';
import { PasswordStrength, strongEnough, usePasswordScore } from '@/admin/components/PasswordStrength';
import { acceptInvitation, fetchInvitation } from '@/admin/features/team/api/team';
import { isWeakPasswordError } from '@/admin/lib/password-strength';
import { ApiError } from '@/lib/api/errors';
import { toast } from '@/lib/toast';

const MIN_PASSWORD = 12;

/**
 * /invite/:token (issue 24), public: what the e-mailed link invites to (the company and the address).
 * Someone new sets their name and a password twice; someone who already has an account with the address
 * only enters its password. Accepted, the page goes to /login. A used, revoked or expired link says so.
 */
export function InvitePage() {
  const { t } = useTranslation('team');
  const { t: ta } = useTranslation('admin');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const info = useQuery({ queryKey: ['invitation', token], queryFn: ({ signal }) => fetchInvitation(token, signal), retry: false });
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [gone, setGone] = useState<'invalid' | 'expired'>();

  const existing = info.data?.existingAccount ?? false;
  // The meter only for a new account's password (an existing account types the one it has).
  const score = usePasswordScore(existing ? '' : password, info.data?.email, name);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!existing) {
      if (!name.trim()) errs.name = t('accept.nameRequired');
      if (password.length < MIN_PASSWORD) errs.password = t('accept.tooShort');
      else if (score !== null && !strongEnough(score)) errs.password = ta('password.weak');
      else if (password !== repeat) errs.repeat = t('accept.mismatch');
    } else if (!password) errs.password = t('accept.passwordRequired');
    setErrors(errs);
    if (Object.keys(errs).length > 0) return;
    setBusy(true);
    try {
      await acceptInvitation(token, existing ? { password } : { name: name.trim(), password });
      toast(t('accept.done'), 'green');
      void navigate('/login');
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && existing) setErrors({ password: t('accept.wrongPassword') });
      else if (err instanceof ApiError && err.status === 422)
        setErrors({ password: isWeakPasswordError(err.fields?.password) ? ta('password.weak') : t('accept.tooShort') });
      else if (err instanceof ApiError && err.status === 410) setGone('expired');
      else if (err instanceof ApiError && err.status === 404) setGone('invalid');
      else toast(t('failed'), 'red');
    } finally {
      setBusy(false);
    }
  };

  const failed = gone ?? (info.error instanceof ApiError ? (info.error.status === 410 ? 'expired' : 'invalid') : info.isError ? 'invalid' : undefined);

  return (
    <TokenLinkFrame
      title={t('accept.pageTitle')}
      maw={440}
      pending={info.isPending}
      loadingText={t('accept.loading')}
      failed={failed || !info.data ? { message: t(failed === 'expired' ? 'accept.expired' : 'accept.invalid'), action: t('accept.toLogin'), to: '/login' } : undefined}
    >
      {info.data && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="sm">
            <Title order={2}>{t('accept.title', { company: info.data.companyName })}</Title>
            <Text size="sm">
              {t('accept.intro', { role: t(`roles.${info.data.role}`) })}{' '}
              <Text span fw={500} dir="ltr">
                {info.data.email}
              </Text>
            </Text>
            {existing ? (
              <Text size="sm" c="dimmed">
                {t('accept.existing')}
              </Text>
            ) : (
              <TextInput label={t('accept.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} autoComplete="name" />
            )}
            <PasswordInput
              label={t('accept.password')}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
              autoComplete={existing ? 'current-password' : 'new-password'}
            />
            {!existing && <PasswordStrength password={password} score={score} />}
            {!existing && (
              <PasswordInput
                label={t('accept.repeat')}
                value={repeat}
                onChange={(e) => setRepeat(e.currentTarget.value)}
                error={errors.repeat}
                autoComplete="new-password"
              />
            )}
            <Button type="submit" loading={busy}>
              {t('accept.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </TokenLinkFrame>
  );
}
