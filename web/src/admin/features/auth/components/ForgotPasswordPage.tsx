import { Alert, Anchor, Button, Center, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminLanguageSelect } from '@/admin/components/AdminLanguageSelect';
import { requestPasswordReset } from '@/admin/features/auth/api/password-reset';
import { ApiError } from '@/lib/api/errors';
import { toast } from '@/lib/toast';
import { isValidEmail } from '@/lib/validation';

/**
 * /forgot-password (issue 24), public: the e-mail of the account; the server mails a link that works for an
 * hour, in the page's language. The answer is the same whether or not the address has an account, and so is
 * what the page says afterwards.
 */
export function ForgotPasswordPage() {
  const { t, i18n } = useTranslation('admin');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string>();

  const valid = isValidEmail(email);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    try {
      await requestPasswordReset(email.trim(), i18n.resolvedLanguage ?? i18n.language);
      setSentTo(email.trim());
    } catch (err) {
      toast(err instanceof ApiError && err.status === 429 ? t('reset.tooMany') : t('reset.failed'), 'red');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center mih="100vh" p="md" component="main">
      <title>{`${t('reset.forgotTitle')} – Pitlane`}</title>
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <Stack>
          <Group justify="flex-end">
            <AdminLanguageSelect />
          </Group>
          <Title order={1} size="h2">
            {t('reset.forgotTitle')}
          </Title>
          {sentTo ? (
            <Alert color="green" role="status">
              {t('reset.sent', { email: '\u2068' + sentTo + '\u2069' })}
            </Alert>
          ) : (
            <form onSubmit={(e) => void submit(e)} noValidate>
              <Stack>
                <Text size="sm">{t('reset.forgotIntro')}</Text>
                <TextInput
                  type="email"
                  label={t('reset.email')}
                  autoComplete="username"
                  required
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                  error={email.includes('@') && !valid ? t('login.invalidEmail') : undefined}
                  maxLength={254}
                />
                <Button type="submit" disabled={!valid} loading={busy}>
                  {t('reset.send')}
                </Button>
              </Stack>
            </form>
          )}
          <Anchor component={Link} to="/login" size="sm">
            {t('reset.toLogin')}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
