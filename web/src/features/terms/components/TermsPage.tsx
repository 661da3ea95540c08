import { Alert, Anchor, Box, Button, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandedHeader } from '@/components/BrandedHeader';
import { useBrandTheme } from '@/components/BrandThemeProvider';
import { ErrorPage } from '@/components/ErrorPage';
import { LoadingScreen } from '@/components/LoadingScreen';
import { NotFoundPage } from '@/components/NotFoundPage';
import { StatusIcon } from '@/components/StatusIcon';
import { StatusPage } from '@/components/StatusPage';
import { TermsHtml } from '@/components/TermsHtml';
import { useConfig, type CompanyConfig } from '@/lib/api/get-config';
import { useTerms } from '@/lib/api/get-terms';
import { useCompanyKey } from '@/lib/company-key';
import { isNotFound } from '@/lib/api/errors';
import { usePageLanguage } from '@/lib/i18n/use-page-language';
// eslint-disable-next-line import-x/no-restricted-paths -- the problem report is reachable from every public page (issue 16); a deliberate exception, as in the booking footer
import { ProblemReportFooter } from '@/features/problem-report/components/ProblemReportFooter';
import { findLanguage, languageForCode } from '@/lib/i18n/languages';

/**
 * The route `/terms`: the terms and conditions of the company named by `?company=<publicKey>`, or of the
 * company whose booking page was visited last in this browser session, in the visitor's language.
 */
export function TermsPage() {
  const { t } = useTranslation('terms');
  const key = useCompanyKey();
  const config = useConfig(key);
  // No company named or remembered, or an unknown one: the rule without a company.
  const languageReady = usePageLanguage(key === null || config.isError ? null : config.data && { defaultCulture: config.data.defaultCulture });
  if (!languageReady) return <LoadingScreen />;
  if (key === null) {
    return (
      <>
        <StatusPage title={t('noCompany.title')} icon={<StatusIcon kind="info" />}>
          <Text size="lg">{t('noCompany.body')}</Text>
        </StatusPage>
        <ProblemReportFooter />
      </>
    );
  }
  if (config.isPending || (config.isError && config.isFetching)) return <LoadingScreen />;
  if (config.isError) {
    return isNotFound(config.error) ? <NotFoundPage /> : <ErrorPage onRetry={() => void config.refetch()} />;
  }
  return (
    <>
      <CompanyTerms config={config.data} companyKey={key} />
      <ProblemReportFooter companyId={config.data.idCompany} />
    </>
  );
}

function CompanyTerms({ config, companyKey }: { config: CompanyConfig; companyKey: string }) {
  const { t, i18n } = useTranslation('terms');
  useBrandTheme(config.theme);
  const language = languageForCode(i18n.resolvedLanguage ?? i18n.language);
  const terms = useTerms(config.idCompany, language.culture);
  const shownIn = terms.data ? findLanguage(terms.data.culture) : undefined;
  const bookingPage = `/${encodeURIComponent(companyKey)}`;

  return (
    <Box mih="100vh">
      <title>{`${t('title')} – ${config.companyName}`}</title>
      <BrandedHeader
        companyName={config.companyName}
        logo={config.logo}
        primaryColor={config.theme.primaryColor}
        href={bookingPage}
      />
      <Container component="main" id="main" size="md" px="md" py="xl">
        <Stack gap="lg">
          <div>
            <Title order={1}>{t('title')}</Title>
            <Text c="gray.7" mt={4}>
              {config.companyName}
            </Text>
          </div>
          {terms.isPending && (
            <Center py="xl" role="status" aria-live="polite">
              <Loader aria-label={t('loading')} />
            </Center>
          )}
          {terms.isError &&
            (isNotFound(terms.error) ? (
              <Alert color="gray" title={t('none.title')}>
                {t('none.body')}
              </Alert>
            ) : (
              <Alert color="red" title={t('failed')}>
                <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void terms.refetch()}>
                  {t('retry')}
                </Button>
              </Alert>
            ))}
          {terms.data && (
            <>
              {shownIn && shownIn.code !== language.code && (
                <Alert color="blue" variant="light">
                  {t('otherLanguage', { language: shownIn.label })}
                </Alert>
              )}
              <TermsHtml html={terms.data.text} lang={shownIn?.culture ?? terms.data.culture} dir={shownIn?.dir} />
            </>
          )}
          <Anchor component={Link} to={bookingPage} fw={600}>
            {t('back')}
          </Anchor>
        </Stack>
      </Container>
    </Box>
  );
}
