import { Anchor, Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { readableError, RecoveryCodes, TotpSecret } from '@/admin/components/TotpEnrol';
import { secondStep } from '@/admin/features/auth/api/sign-in';
import type { components } from '@/lib/api/schema';
import { toast } from '@/lib/toast';

type Challenge = components['schemas']['AdminLoginChallenge'];
type Signed = components['schemas']['AdminLoginResponse'];

/**
 * The sign-in's second step (issue 24), after a right password: the authenticator's six-digit code or a
 * recovery code. A user whose company requires a second factor and who has none enrols here first: the
 * QR code and the secret, then a code, then the ten recovery codes shown once before the back office
 * opens. A wrong code keeps the step; an expired one (5 minutes) goes back to the password.
 */
export default function SecondFactorStep({ challenge, onDone, onRestart }: { challenge: Challenge; onDone: (data: Signed) => void; onRestart: () => void }) {
  const { t } = useTranslation('admin');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [signed, setSigned] = useState<Signed | null>(null);
  const enrol = challenge.secondFactor === 'enrol';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim() || busy) return;
    setBusy(true);
    setError(undefined);
    const result = await secondStep(challenge.challenge, code);
    setBusy(false);
    switch (result.kind) {
      case 'ok':
        if (result.data.recoveryCodes?.length) setSigned(result.data);
        else onDone(result.data);
        return;
      case 'wrongCode':
        setError(t('secondFactor.wrongCode'));
        setCode('');
        return;
      case 'expired':
        toast(t('secondFactor.expired'), 'orange');
        onRestart();
        return;
      case 'tooMany':
        setError(t('login.tooMany', { seconds: result.retryAfter }));
        return;
      default:
        toast(t('login.failed'));
    }
  };

  return (
    <Center mih="100vh" p="md" component="main">
      <title>{`${t('secondFactor.heading')} – Pitlane`}</title>
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={460}>
        {signed ? (
          <Stack>
            <Title order={1} size="h2">
              {t('secondFactor.enrolled')}
            </Title>
            <RecoveryCodes codes={signed.recoveryCodes ?? []} />
            <Button onClick={() => onDone(signed)}>{t('secondFactor.continue')}</Button>
          </Stack>
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Stack>
              <Title order={1} size="h2">
                {t('secondFactor.heading')}
              </Title>
              {enrol && challenge.otpauthUri && challenge.totpSecret ? (
                <>
                  <Text size="sm">{t('secondFactor.requiredByCompany')}</Text>
                  <TotpSecret uri={challenge.otpauthUri} secret={challenge.totpSecret} />
                </>
              ) : (
                <Text size="sm">{t('secondFactor.askCode')}</Text>
              )}
              <TextInput
                label={enrol ? t('secondFactor.codeLabel') : t('secondFactor.codeOrRecovery')}
                autoComplete="one-time-code"
                inputMode={enrol ? 'numeric' : 'text'}
                dir="ltr"
                required
                value={code}
                error={error}
                styles={readableError}
                onChange={(e) => setCode(e.currentTarget.value)}
                maxLength={64}
                data-autofocus
              />
              <Button type="submit" disabled={!code.trim()} loading={busy}>
                {enrol ? t('secondFactor.confirmSignIn') : t('secondFactor.verify')}
              </Button>
              <Anchor component="button" type="button" size="sm" ta="center" onClick={onRestart}>
                {t('secondFactor.back')}
              </Anchor>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}
