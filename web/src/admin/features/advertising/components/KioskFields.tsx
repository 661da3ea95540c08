import { NativeSelect, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useAdvertisingTexts } from '@/admin/features/advertising/hooks/useAdvertisingTexts';
import { LANGUAGES } from '@/lib/i18n/languages';

/** The bounds the server checks for the kiosk's idle period, in seconds (company.Min/MaxKioskIdleSeconds). */
export const KIOSK_IDLE_MIN = 15;
export const KIOSK_IDLE_MAX = 3600;

/** Whether an idle period is one the server accepts: a whole number of seconds within the bounds. */
export function isIdlePeriod(value: number | string): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= KIOSK_IDLE_MIN && value <= KIOSK_IDLE_MAX;
}

interface KioskFieldsProps {
  language: string;
  idle: number | string;
  onLanguage: (culture: string) => void;
  onIdle: (value: number | string) => void;
  /** The server's refusals, by field of UpdatePubliRequest. */
  serverErrors: Record<string, string>;
}

/**
 * The kiosk's settings in the advertising dialog: the language the kiosk page starts in (one of the seven,
 * each named in itself) and the seconds without a touch before it goes back to its first stage. A native
 * select and a number field: large, touch-friendly, no hover-only controls.
 */
export function KioskFields({ language, idle, onLanguage, onIdle, serverErrors }: KioskFieldsProps) {
  const { t } = useAdvertisingTexts();
  // The server's refusals are shown in the interface's words (its messages are English).
  const idleError =
    !isIdlePeriod(idle) || serverErrors.kioskIdleSeconds ? t('kiosk.idleRange', { min: KIOSK_IDLE_MIN, max: KIOSK_IDLE_MAX }) : undefined;
  return (
    <Stack gap="xs" component="section" aria-labelledby="kiosk-settings-title">
      <Title order={3} size="h5" id="kiosk-settings-title">
        {t('kiosk.title')}
      </Title>
      <Text size="sm" c="gray.7">
        {t('kiosk.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          label={t('kiosk.language')}
          value={language}
          onChange={(event) => onLanguage(event.currentTarget.value)}
          data={LANGUAGES.map((l) => ({ value: l.culture, label: l.label }))}
          error={serverErrors.defaultKioskLanguage ? t('kiosk.languageRefused') : undefined}
        />
        <NumberInput
          label={t('kiosk.idle')}
          description={t('kiosk.idleHint', { min: KIOSK_IDLE_MIN, max: KIOSK_IDLE_MAX })}
          value={idle}
          onChange={onIdle}
          min={KIOSK_IDLE_MIN}
          max={KIOSK_IDLE_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          error={idleError}
        />
      </SimpleGrid>
    </Stack>
  );
}
