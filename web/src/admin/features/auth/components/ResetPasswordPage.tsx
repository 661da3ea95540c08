import { Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { TokenLinkFrame } from '@/admin/components/TokenLinkFrame';
import { PasswordStrength, strongEnough, usePasswordScore } from '@/admin/components/PasswordStrength';
import { completePasswordReset, fetchPasswordReset } from '@/admin/features/auth/api/password-reset';
import { isWeakPasswordError } from '@/admin/lib/password-strength';
import { clearSession } from '@/admin/lib/session';
import { ApiError } from '@/lib/api/errors';
import { toast } from '@/lib/toast';

const MIN_PASSWORD = 12;

/**
 * /reset-password/:token (issue 24), public: the e-mailed link. It names the account and takes the new
 * password twice; saved, every session of the account is signed out (this browser's too) and the page goes
 * to /login. A used or expired link says so and offers a new one.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('admin');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const info = useQuery({ queryKey: ['password-reset', token], queryFn: ({ signal }) => fetchPasswordReset(token, signal), retry: false });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [busy, setBusy] = useState(false);
  const [gone, setGone] = useState<'invalid' | 'expired'>();
  const score = usePasswordScore(password, info.data?.email);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: typeof errors = {};
    if (password.length < MIN_PASSWORD) errs.password = t('reset.tooShort');
    else if (score !== null && !strongEnough(score)) errs.password = t('password.weak');
    else if (password !== repeat) errs.repeat = t('reset.mismatch');
    setErrors(errs);
    if (errs.password || errs.repeat) return;
    setBusy(true);
    try {
      await completePasswordReset(token, password);
      clearSession();
      toast(t('reset.done'), 'green');
      void navigate('/login', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 422)
        setErrors({ password: isWeakPasswordError(err.fields?.password) ? t('password.weak') : t('reset.tooShort') });
      else if (err instanceof ApiError && err.status === 410) setGone('expired');
      else if (err instanceof ApiError && err.status === 404) setGone('invalid');
      else toast(err instanceof ApiError && err.status === 429 ? t('reset.tooMany') : t('reset.failed'), 'red');
    } finally {
      setBusy(false);
    }
  };

  const failed = gone ?? (info.error instanceof ApiError && info.error.status === 410 ? 'expired' : info.isError ? 'invalid' : undefined);

  return (
    <TokenLinkFrame
      title={t('reset.title')}
      maw={420}
      pending={info.isPending}
      loadingText={t('reset.loading')}
      failed={failed || !info.data ? { message: t(failed === 'expired' ? 'reset.expired' : 'reset.invalid'), action: t('reset.again'), to: '/forgot-password' } : undefined}
    >
      {info.data && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="sm">
            <Title order={1} size="h2">
              {t('reset.title')}
            </Title>
            <Text size="sm">
              {t('reset.intro')}{' '}
              <Text span fw={500} dir="ltr">
                {info.data.email}
              </Text>
            </Text>
            <input type="email" name="username" autoComplete="username" value={info.data.email} readOnly hidden />
            <PasswordInput
              label={t('reset.password')}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
              autoComplete="new-password"
              maxLength={1024}
            />
            <PasswordStrength password={password} score={score} />
            <PasswordInput
              label={t('reset.repeat')}
              value={repeat}
              onChange={(e) => setRepeat(e.currentTarget.value)}
              error={errors.repeat}
              autoComplete="new-password"
              maxLength={1024}
            />
            <Button type="submit" loading={busy}>
              {t('reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </TokenLinkFrame>
  );
}
