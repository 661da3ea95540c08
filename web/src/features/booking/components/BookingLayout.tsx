import { Container, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { AdBanner } from '@/features/booking/components/AdBanner';
import { BookingFooter } from '@/features/booking/components/BookingFooter';
import { BookingHeader } from '@/features/booking/components/BookingHeader';
import { BookingWizard } from '@/features/booking/components/BookingWizard';
import { WizardProvider } from '@/features/booking/components/WizardProvider';
import classes from '@/features/booking/components/BookingLayout.module.css';
import type { CompanyConfig } from '@/lib/api/get-config';

/** Side advertising shows only on windows wider than this (spec section 9). */
const ADS_MIN_WIDTH = 1191;

/**
 * The booking page of a loaded company: branded header (with the cart button), the booking wizard,
 * optional side banners and footer.
 */
export function BookingLayout({ config, companyKey }: { config: CompanyConfig; companyKey: string }) {
  const { t } = useTranslation();
  const wide = useMediaQuery(`(min-width: ${ADS_MIN_WIDTH}px)`) ?? false;
  const showAds = config.publi.isActive && wide;

  return (
    <WizardProvider config={config} companyKey={companyKey}>
      <div className={classes.page}>
        <title>{t('booking.documentTitle', { company: config.companyName })}</title>
        <a className={classes.skipLink} href="#main">
          {t('common.skipToContent')}
        </a>
        <BookingHeader config={config} />
        <div className={showAds ? `${classes.body} ${classes.withAds}` : classes.body}>
          {showAds && <AdBanner publi={config.publi} side="left" />}
          <main id="main" className={classes.main} tabIndex={-1}>
            <Container size="md" px={0}>
              <Stack gap="md">
                <Title order={1}>{t('booking.title')}</Title>
                <Text size="lg">{t('booking.intro')}</Text>
                <Text c="gray.7">{t('booking.arrival')}</Text>
                <BookingWizard />
              </Stack>
            </Container>
          </main>
          {showAds && <AdBanner publi={config.publi} side="right" />}
        </div>
        <BookingFooter config={config} />
      </div>
    </WizardProvider>
  );
}
