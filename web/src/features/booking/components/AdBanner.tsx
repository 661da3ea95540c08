import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from '@/features/booking/components/BookingLayout.module.css';
import type { CompanyConfig } from '@/lib/api/get-config';
import { safeLink } from '@/lib/safe-link';

type Side = 'left' | 'right';

/** The banner image for one side: the English variant for English visitors when there is one, else the default. */
export function adImage(publi: CompanyConfig['publi'], side: Side, languageCode: string): string | null {
  const english = side === 'left' ? publi.imgLeftENG : publi.imgRightENG;
  const fallback = side === 'left' ? publi.imgLeftDefault : publi.imgRightDefault;
  return (languageCode === 'en' && english) || fallback || null;
}

/** One side advertising banner, linked to the advertiser's page (in a new tab) when a link is configured. */
export function AdBanner({ publi, side }: { publi: CompanyConfig['publi']; side: Side }) {
  const { t, i18n } = useTranslation();
  const src = adImage(publi, side, i18n.resolvedLanguage ?? i18n.language);
  if (!src) return null;
  const href = safeLink(side === 'left' ? publi.hyperlinkLeft : publi.hyperlinkRight);
  const image = <img className={classes.adImage} src={src} alt={t('booking.advertisement')} />;
  return (
    <aside className={classes.ad} aria-label={t('booking.advertisementRegion', { number: side === 'left' ? 1 : 2 })}>
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer sponsored">
          {image}
          <VisuallyHidden>({t('common.opensInNewTab')})</VisuallyHidden>
        </a>
      ) : (
        image
      )}
    </aside>
  );
}
