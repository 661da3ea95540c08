import { Button, CopyButton, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useAdvertisingTexts } from '@/admin/features/advertising/hooks/useAdvertisingTexts';
import { LANGUAGES } from '@/lib/i18n/languages';

/**
 * The kiosk page's address for a company key: `/kiosk/{key}` on this site, with `?lang={code}` when a
 * language is asked for (the kiosk then starts in it instead of its own default language).
 */
export function kioskAddress(origin: string, publicKey: string, lang = ''): string {
  const address = `${origin}/kiosk/${encodeURIComponent(publicKey)}`;
  return lang ? `${address}?lang=${encodeURIComponent(lang)}` : address;
}

/**
 * Where the kiosk is (issue 25: it was shown nowhere in the back office): its address, to copy onto the
 * counter's screen or open here, with a language choice that adds `?lang=` ("the kiosk's language" adds
 * nothing). The address is a left-to-right value, also in Arabic.
 */
export function KioskAddress({ publicKey }: { publicKey: string }) {
  const { t } = useAdvertisingTexts();
  const [lang, setLang] = useState('');
  const address = kioskAddress(window.location.origin, publicKey, lang);
  return (
    <Stack gap="xs">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label={t('kiosk.address')}
          value={address}
          readOnly
          dir="ltr"
          style={{ flex: '1 1 16rem', minInlineSize: 0 }}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="kiosk-address"
        />
        <NativeSelect
          label={t('kiosk.addressLanguage')}
          value={lang}
          onChange={(event) => setLang(event.currentTarget.value)}
          data={[{ value: '', label: t('kiosk.ownLanguage') }, ...LANGUAGES.map((l) => ({ value: l.code, label: l.label }))]}
        />
      </Group>
      <Group gap="sm">
        <CopyButton value={address}>
          {({ copied, copy }) => (
            <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy} aria-live="polite">
              {copied ? t('kiosk.copied') : t('kiosk.copy')}
            </Button>
          )}
        </CopyButton>
        <Button component="a" variant="default" href={address} target="_blank" rel="noopener noreferrer">
          {t('kiosk.open')}
        </Button>
      </Group>
    </Stack>
  );
}
