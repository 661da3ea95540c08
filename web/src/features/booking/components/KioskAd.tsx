import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CompanyPublic } from '@/features/booking/api/get-kiosk';
import classes from '@/features/booking/components/Kiosk.module.css';
import { safeLink } from '@/lib/safe-link';

/**
 * One side image of the kiosk, for the current language (the server picks it by the culture mapping), as
 * a link to the advertiser's page when a hyperlink is set. An empty column keeps the wizard centred.
 */
export function KioskAd({ ad, side }: { ad: CompanyPublic['advertising']; side: 'left' | 'right' }) {
  const { t } = useTranslation();
  const src = side === 'left' ? ad?.imgLeft : ad?.imgRight;
  if (!src) return <div className={classes.ad} aria-hidden="true" />;
  const href = safeLink((side === 'left' ? ad?.hyperlinkLeft : ad?.hyperlinkRight) ?? null);
  const image = <img className={classes.adImage} src={src} alt={t('booking.advertisement')} data-testid={`kiosk-ad-${side}`} />;
  return (
    <aside className={classes.ad} aria-label={t('booking.advertisementRegion', { number: side === 'left' ? 1 : 2 })}>
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer sponsored" className={classes.adLink}>
          {image}
          <VisuallyHidden>({t('common.opensInNewTab')})</VisuallyHidden>
        </a>
      ) : (
        image
      )}
    </aside>
  );
}
