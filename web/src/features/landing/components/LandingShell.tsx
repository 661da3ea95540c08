import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandedHeader } from '@/components/BrandedHeader';
import { useConfig } from '@/lib/api/get-config';
import type { components } from '@/lib/api/schema';
import classes from '@/features/landing/components/Landing.module.css';
// eslint-disable-next-line import-x/no-restricted-paths -- the problem report is reachable from every public page (issue 16); a deliberate exception, as in the booking footer
import { ProblemReportFooter } from '@/features/problem-report/components/ProblemReportFooter';

interface LandingShellProps {
  company: components['schemas']['Brand'];
  companyKey: string;
  title: string;
  intro?: string;
  children: ReactNode;
}

/** The frame of a landing page: the company's bar, the page's h1 and a narrow column of content. */
export function LandingShell({ company, companyKey, title, intro, children }: LandingShellProps) {
  const config = useConfig(companyKey); // for the problem report's company (cached with the booking page's)
  return (
    <div className={classes.page}>
      <title>{`${title} – ${company.name}`}</title>
      <BrandedHeader companyName={company.name} logo={company.logo} primaryColor={company.primaryColor} href={`/${encodeURIComponent(companyKey)}`} />
      <main id="main" className={classes.main}>
        <Container size={560} px={0}>
          <Stack gap="lg">
            <div>
              <Title order={1} fz={{ base: 26, sm: 32 }}>
                {title}
              </Title>
              {intro && <Text c="gray.7">{intro}</Text>}
            </div>
            {children}
          </Stack>
        </Container>
      </main>
      <ProblemReportFooter companyId={config.data?.idCompany} />
    </div>
  );
}
