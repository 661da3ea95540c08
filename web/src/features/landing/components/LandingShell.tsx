import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandedHeader } from '@/components/BrandedHeader';
import type { components } from '@/lib/api/schema';
import classes from '@/features/landing/components/Landing.module.css';

interface LandingShellProps {
  company: components['schemas']['Brand'];
  companyKey: string;
  title: string;
  intro?: string;
  children: ReactNode;
}

/** The frame of a landing page: the company's bar, the page's h1 and a narrow column of content. */
export function LandingShell({ company, companyKey, title, intro, children }: LandingShellProps) {
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
    </div>
  );
}
