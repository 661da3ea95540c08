import { Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPasswordStrength, MIN_PASSWORD_LENGTH, MIN_PASSWORD_SCORE, passwordInputs } from '@/admin/lib/password-strength';

const colors = ['red', 'red', 'orange', 'teal', 'green'];

/** The strength of a password: null while the estimator loads or before anything is typed. */
export function usePasswordScore(password: string, ...userInputs: (string | undefined)[]): number | null {
  // The score of the password it was computed for: a stale one (typing goes on) is not shown.
  const [scored, setScored] = useState<{ password: string; score: number } | null>(null);
  const inputs = passwordInputs(...userInputs).join('\n');
  useEffect(() => {
    if (!password) return;
    let live = true;
    void loadPasswordStrength().then((check) => {
      const score = check(password, inputs.split('\n'));
      if (live) setScored({ password, score: password.length < MIN_PASSWORD_LENGTH ? Math.min(score, 1) : score });
    });
    return () => {
      live = false;
    };
  }, [password, inputs]);
  return password && scored?.password === password ? scored.score : null;
}

/** Whether a score lets the password be sent (the server checks again). */
export const strongEnough = (score: number | null) => score !== null && score >= MIN_PASSWORD_SCORE;

/**
 * The meter under a new password: a bar of five steps and a sentence (too short, too easy to guess,
 * good, strong). It says what the server will answer, so the form can wait for a password it accepts.
 */
export function PasswordStrength({ password, score }: { password: string; score: number | null }) {
  const { t } = useTranslation('admin');
  if (!password) return null;
  const short = password.length < MIN_PASSWORD_LENGTH;
  const label = short
    ? t('password.tooShort')
    : score === null
      ? t('password.checking')
      : score < MIN_PASSWORD_SCORE
        ? t('password.weak')
        : score === 4
          ? t('password.strong')
          : t('password.good');
  const value = score === null ? 0 : ((score + 1) / 5) * 100;
  return (
    <Stack gap={4} data-testid="password-strength" data-score={score ?? ''}>
      <Progress value={value} color={colors[score ?? 0]} size="sm" aria-label={t('password.meter')} />
      <Text size="xs" c={!short && score !== null && score >= MIN_PASSWORD_SCORE ? 'dimmed' : 'red.8'} aria-live="polite">
        {label}
      </Text>
    </Stack>
  );
}
