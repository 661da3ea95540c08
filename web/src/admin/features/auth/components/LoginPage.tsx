import { Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentUser, signIn } from '@/admin/features/auth/api/sign-in';
import { clearSession, hasStoredSession, refreshCompanies, saveSignIn } from '@/admin/lib/session';
import { LoadingScreen } from '@/components/LoadingScreen';
import { toast } from '@/lib/toast';
import { isValidEmail } from '@/lib/validation';

/**
 * /login (admin spec sections 2, 5 and 8): e-mail and password; the e-mail is marked as wrong once it holds
 * an @ but is not a valid address; the button waits for a valid e-mail and a password; Enter submits. On
 * success the companies are stored (the first is current) and the back office opens. A browser that is
 * already signed in (confirmed by the server) goes straight to /admin.
 */
export function LoginPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [checking, setChecking] = useState(hasStoredSession);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);

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
  const ready = emailValid && password !== '' && !submitting;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setSubmitting(true);
    const result = await signIn(email, password);
    setSubmitting(false);
    switch (result.kind) {
      case 'ok':
        saveSignIn(result.data.companies, result.data.user.name);
        void navigate('/admin', { replace: true });
        return;
      case 'invalid':
        toast(t('login.invalidCredentials'));
        return;
      case 'tooMany':
        toast(t('login.tooMany', { seconds: result.retryAfter }), 'orange');
        return;
      default:
        toast(t('login.failed'));
    }
  };

  if (checking) return <LoadingScreen />;

  return (
    <Center mih="100vh" p="md" component="main">
      <title>{`${t('login.heading')} – Pitlane`}</title>
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            <Title order={1} size="h2">
              {t('login.heading')}
            </Title>
            <TextInput
              type="email"
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
            <Button type="submit" disabled={!ready} loading={submitting}>
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
