import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCompanyPublic, type CompanyPublic } from '@/features/booking/api/get-kiosk';
import { BookingHeader } from '@/features/booking/components/BookingHeader';
import { BookingWizard } from '@/features/booking/components/BookingWizard';
import classes from '@/features/booking/components/Kiosk.module.css';
import { KioskAd } from '@/features/booking/components/KioskAd';
import { useWizard, WizardProvider } from '@/features/booking/components/WizardProvider';
import { useIdle } from '@/features/booking/hooks/use-idle';
import type { CompanyConfig } from '@/lib/api/get-config';
import { chooseLanguage } from '@/lib/i18n';
import { languageForCode } from '@/lib/i18n/languages';
// eslint-disable-next-line import-x/no-restricted-paths -- the problem report is reachable from every public page (issue 16); a deliberate exception, as in the booking footer
import { ProblemReportFooter } from '@/features/problem-report/components/ProblemReportFooter';

interface KioskLayoutProps {
  config: CompanyConfig;
  companyKey: string;
  kiosk: CompanyPublic['kiosk'];
}

/**
 * The kiosk screen: the company's bar (logo, cart, language), the booking wizard in the middle and the
 * advertising images for the current language on either side (linked to the advertiser when a hyperlink
 * is set). Made for touch: large targets, nothing that needs a hover, no scrolling of the page itself.
 */
export function KioskLayout({ config, companyKey, kiosk }: KioskLayoutProps) {
  const { t, i18n } = useTranslation();
  const language = languageForCode(i18n.resolvedLanguage ?? i18n.language);
  const culture = language.culture;
  // The images are for the screen's left and right edges: in Arabic (right to left) the grid's first
  // column is on the right, so the right image comes first there.
  const [start, end] = language.dir === 'rtl' ? (['right', 'left'] as const) : (['left', 'right'] as const);
  const ads = useCompanyPublic(config.idCompany, culture).data?.advertising ?? null;
  return (
    <WizardProvider config={config} companyKey={companyKey}>
      <div className={classes.kiosk} data-testid="kiosk">
        <title>{t('booking.documentTitle', { company: config.companyName })}</title>
        <BookingHeader config={config} />
        <div className={classes.body}>
          <KioskAd ad={ads} side={start} />
          <main id="main" className={classes.main} tabIndex={-1}>
            <Container size="md" px={0}>
              <BookingWizard />
            </Container>
          </main>
          <KioskAd ad={ads} side={end} />
        </div>
        <ProblemReportFooter companyId={config.idCompany} />
        <IdleReset seconds={kiosk.idleSeconds} language={kiosk.defaultLanguage} />
      </div>
    </WizardProvider>
  );
}

/**
 * After the configured period without a touch the kiosk starts again for the next person: the wizard back
 * at its first stage with nothing held, in the kiosk's language, at the top of the page.
 */
function IdleReset({ seconds, language }: { seconds: number; language: string }) {
  const { startOver } = useWizard();
  useIdle(seconds, () => {
    startOver();
    void chooseLanguage(language, { shared: false });
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.scrollTo({ top: 0 });
  });
  return null;
}
