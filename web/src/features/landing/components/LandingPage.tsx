import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorPage } from '@/components/ErrorPage';
import { LoadingScreen } from '@/components/LoadingScreen';
import { NotFoundPage } from '@/components/NotFoundPage';
import { StatusIcon } from '@/components/StatusIcon';
import { StatusPage } from '@/components/StatusPage';
import { BrandedHeader } from '@/components/BrandedHeader';
import { useLanding, type CompanyLanding } from '@/features/landing/api/get-landing';
import classes from '@/features/landing/components/Landing.module.css';
import { LandingButton } from '@/features/landing/components/LandingButton';
import { LandingShell } from '@/features/landing/components/LandingShell';
import { useCompanyPage } from '@/features/landing/hooks/use-company-page';
import { isNotFound } from '@/lib/api/errors';
import { isCompanyKey } from '@/lib/company-key';


/**
 * The route `/:key/landing`: the company's page of links, grouped by category when it has categories.
 * Every button opens its link in a new tab; a company without buttons gets the 'no landing' page.
 */
export function LandingPage() {
  const { key = '' } = useParams();
  if (!isCompanyKey(key)) return <NotFoundPage />;
  return <CompanyLandingPage companyKey={key} />;
}

function CompanyLandingPage({ companyKey }: { companyKey: string }) {
  const landing = useLanding(companyKey);
  const languageReady = useCompanyPage(companyKey, landing.data?.company.primaryColor);
  if (landing.isPending || !languageReady || (landing.isError && landing.isFetching)) return <LoadingScreen />;
  if (landing.isError) {
    return isNotFound(landing.error) ? <NotFoundPage /> : <ErrorPage onRetry={() => void landing.refetch()} />;
  }
  if (landing.data.warning === 'no_landing' || landing.data.buttons.length === 0) {
    return <NoLanding landing={landing.data} companyKey={companyKey} />;
  }
  return <Links landing={landing.data} companyKey={companyKey} />;
}

function Links({ landing, companyKey }: { landing: CompanyLanding; companyKey: string }) {
  const { t } = useTranslation('landing');
  const grouped = landing.groups.some((g) => g.category);
  return (
    <LandingShell company={landing.company} companyKey={companyKey} title={landing.company.name} intro={t('intro')}>
      {grouped ? (
        landing.groups.map((group, index) => (
          <section key={group.category ?? `other-${index}`} aria-labelledby={`landing-group-${index}`}>
            <Title order={2} id={`landing-group-${index}`} fz={18} mb="xs" c="gray.8">
              {group.category ?? t('otherLinks')}
            </Title>
            <ul className={classes.list}>
              {group.buttons.map((button, i) => (
                <li key={`${button.title}-${i}`}>
                  <LandingButton {...button} />
                </li>
              ))}
            </ul>
          </section>
        ))
      ) : (
        <ul className={classes.list}>
          {landing.buttons.map((button, i) => (
            <li key={`${button.title}-${i}`}>
              <LandingButton {...button} />
            </li>
          ))}
        </ul>
      )}
    </LandingShell>
  );
}

/** The 'this company has no landing' warning and error page. */
function NoLanding({ landing, companyKey }: { landing: CompanyLanding; companyKey: string }) {
  const { t } = useTranslation('landing');
  const { company } = landing;
  return (
    <StatusPage
      title={t('noLanding.title')}
      titleSuffix={company.name}
      icon={<StatusIcon kind="warning" />}
      header={<BrandedHeader companyName={company.name} logo={company.logo} primaryColor={company.primaryColor} href={`/${encodeURIComponent(companyKey)}`} />}
    >
      <Stack gap="xs">
        <Text role="alert">{t('noLanding.body', { company: company.name })}</Text>
      </Stack>
    </StatusPage>
  );
}
