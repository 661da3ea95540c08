import { Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The QR's side in CSS pixels: large enough for a phone held up at the desk. */
const QR_SIDE = 200;

/**
 * The booking's check-in QR code (issue 23): its check code (reference and signed token) drawn by the
 * `qrcode` package, which is loaded only here, after the page is up (a chunk of its own, so the booking
 * route's first load does not grow). Staff scan it at the desk; nothing is shown while it draws or when
 * the booking has no code (cancelled).
 */
export function CheckInQr({ code, reference }: { code: string; reference: string }) {
  const { t } = useTranslation('components');
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(code, { errorCorrectionLevel: 'M', margin: 4, width: QR_SIDE * 2, color: { dark: '#000000', light: '#ffffff' } }))
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch(() => undefined); // the reference below still works at the desk
    return () => {
      live = false;
    };
  }, [code]);
  if (!code) return null;
  return (
    <Stack gap={4} align="center" data-testid="check-in-qr">
      <Text fw={700}>{t('bookingDone.checkIn')}</Text>
      {src && <img src={src} width={QR_SIDE} height={QR_SIDE} alt={t('bookingDone.checkInAlt', { reference })} />}
      <Text size="sm" c="gray.7" ta="center">
        {t('bookingDone.checkInHint')}
      </Text>
    </Stack>
  );
}
