import { Alert, Anchor, Button, Center, Group, Paper, PasswordInput, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { Suspense, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AdminLanguageSelect } from '@/admin/components/AdminLanguageSelect';
import { currentUser, signIn } from '@/admin/features/auth/api/sign-in';
import type { components } from '@/lib/api/schema';
import { lazyOrReload } from '@/admin/lib/chunk-reload';
import { clearSession, hasStoredSession, refreshCompanies, saveSignIn } from '@/admin/lib/session';
import { LoadingScreen } from '@/components/LoadingScreen';
import { toast } from '@/lib/toast';
import { isValidEmail } from '@/lib/validation';

// The captcha widget is a chunk of its own, fetched only when the server asks for it.
const AltchaField = lazyOrReload(() => import('@/components/AltchaField'));
// The second step (and its QR code) too: only users with a second factor need it.
const SecondFactorStep = lazyOrReload(() => import('@/admin/features/auth/components/SecondFactorStep'));

/**
 * /login (admin spec sections 2, 5 and 8): e-mail and password; the e-mail is marked as wrong once it holds
 * an @ but is not a valid address; the button waits for a valid e-mail and a password; Enter submits. On
 * success the companies are stored (the first is current) and the back office opens. A browser that is
 * already signed in (confirmed by the server) goes straight to /admin. The language can be chosen above the
 * form (the seven languages; the choice is kept for the session and carries into the back office). After several failed sign-ins of the
 * account the server asks for the proof-of-work captcha (422 fields.captcha): the widget appears, the button
 * waits for it to be solved, and the form is sent again with its payload. A payload is used once, so the
 * widget is reset after every answer.
 */
export function LoginPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [checking, setChecking] = useState(hasStoredSession);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  /** null: not asked for; '' : asked, not solved yet; else the widget's payload. */
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRefused, setCaptchaRefused] = useState(false);
  const [captchaReset, setCaptchaReset] = useState(0);
  /** The password was right and the server asks for the second factor (or to enrol one). */
  const [challenge, setChallenge] = useState<components['schemas']['AdminLoginChallenge'] | null>(null);

  useEffect(() => {
    if (!hasStoredSession()) return;
    let live = true;
    void currentUser().then((me) => {
      if (!live) return;
      if (me && me.companies.length > 0) {
        refreshCompanies(me.companies, me.user.name);
        void navigate('/admin', { replace: true });
      } else {
        clearSession();
        setChecking(false);
      }
    });
    return () => {
      live = false;
    };
  }, [navigate]);

  const emailValid = isValidEmail(email);
  const emailError = email.includes('@') && !emailValid ? t('login.invalidEmail') : undefined;
  const ready = emailValid && password !== '' && captcha !== '' && !submitting;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setSubmitting(true);
    const result = await signIn(email, password, captcha ?? undefined);
    setSubmitting(false);
    if (captcha !== null) {
      // The payload was spent (or refused): a new solution is needed for another try.
      setCaptcha('');
      setCaptchaReset((n) => n + 1);
    }
    setCaptchaRefused(result.kind === 'captcha' && result.refused);
    switch (result.kind) {
      case 'ok':
        saveSignIn(result.data.companies, result.data.user.name);
        void navigate('/admin', { replace: true });
        return;
      case 'challenge':
        setPassword('');
        setChallenge(result.data);
        return;
      case 'invalid':
        toast(t('login.invalidCredentials'));
        return;
      case 'tooMany':
        toast(t('login.tooMany', { seconds: result.retryAfter }), 'orange');
        return;
      case 'captcha':
        setCaptcha('');
        return;
      default:
        toast(t('login.failed'));
    }
  };

  if (checking) return <LoadingScreen />;
  if (challenge)
    return (
      <Suspense fallback={<LoadingScreen />}>
        <SecondFactorStep
          challenge={challenge}
          onDone={(data) => {
            saveSignIn(data.companies, data.user.name);
            void navigate('/admin', { replace: true });
          }}
          onRestart={() => setChallenge(null)}
        />
      </Suspense>
    );

  return (
    <Center mih="100vh" p="md" component="main">
      <title>{`${t('login.heading')} – Pitlane`}</title>
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            <Group justify="flex-end">
              <AdminLanguageSelect />
            </Group>
            <Title order={1} size="h2">
              {t('login.heading')}
            </Title>
            <TextInput
              type="email"
              dir="ltr"
              label={t('login.email')}
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={emailError}
              maxLength={254}
            />
            <PasswordInput
              label={t('login.password')}
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              maxLength={1024}
            />
            {captcha !== null && (
              <>
                <Alert color="orange" role="status">
                  {t('login.captchaNeeded')}
                </Alert>
                <Suspense fallback={<Skeleton height={64} radius="md" aria-label={t('login.captchaLoading')} />}>
                  <AltchaField
                    resetKey={captchaReset}
                    onChange={(payload) => {
                      setCaptcha(payload ?? '');
                      if (payload) setCaptchaRefused(false);
                    }}
                    error={captchaRefused ? t('login.captchaRefused') : undefined}
                  />
                </Suspense>
              </>
            )}
            <Button type="submit" disabled={!ready} loading={submitting}>
              {t('login.submit')}
            </Button>
            <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
              {t('reset.forgot')}
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
