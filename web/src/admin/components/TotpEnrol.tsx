import { Code, Image, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The secret of a TOTP enrolment: the otpauth URI drawn as a QR code for an authenticator app (the
 * qrcode package, loaded with this component) and the secret as text, in groups of four, for typing by
 * hand. The secret is left-to-right even in Arabic.
 */
export function TotpSecret({ uri, secret }: { uri: string; secret: string }) {
  const { t } = useTranslation('admin');
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    void import('qrcode').then((QR) =>
      QR.toDataURL(uri, { margin: 1, width: 200, errorCorrectionLevel: 'M' }).then((url) => {
        if (live) setSrc(url);
      }),
    );
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{t('secondFactor.scan')}</Text>
      {src ? <Image src={src} w={200} h={200} alt={t('secondFactor.qrAlt')} data-otpauth={uri} /> : <Skeleton w={200} h={200} />}
      <Text size="sm">{t('secondFactor.typeSecret')}</Text>
      <Code dir="ltr" data-testid="totp-secret" style={{ fontSize: 'var(--mantine-font-size-sm)', wordBreak: 'break-all' }}>
        {secret.replace(/(.{4})/g, '$1 ').trim()}
      </Code>
    </Stack>
  );
}

/**
 * Styles of a code field's error that keep its text readable (Mantine's default red is under WCAG's 4.5:1
 * contrast on white: axe found it on the second step's "the code is not right").
 */
export const readableError = {
  error: { color: 'var(--mantine-color-red-9)' },
  input: { color: 'var(--mantine-color-text)' },
} as const;

/** The recovery codes, shown once after an enrolment: each opens the account once instead of a code. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('secondFactor.recoveryTitle')}
      </Text>
      <Text size="sm">{t('secondFactor.recoveryHelp')}</Text>
      <Code block dir="ltr" data-testid="recovery-codes">
        {codes.join('\n')}
      </Code>
    </Stack>
  );
}
