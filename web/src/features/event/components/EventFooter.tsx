import { Anchor, Container, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isolate } from '@/lib/format';
import classes from '@/features/event/components/EventPage.module.css';
// eslint-disable-next-line import-x/no-restricted-paths -- the problem report is reachable from every public page (issue 16); a deliberate exception, as in the booking footer
import { ProblemReportButton } from '@/features/problem-report/components/ProblemReportButton';

/** The event pages' footer: the company's name, a link to its website and the problem report. */
export function EventFooter({ companyName, companyWebUrl, companyId }: { companyName: string; companyWebUrl: string; companyId?: number }) {
  const { t } = useTranslation('event');
  return (
    <footer className={classes.footer}>
      <Container size="md" py="lg">
        <Stack align="center" gap="sm">
        <Text size="sm" c="gray.7" ta="center">
          {t('footer', { year: new Date().getFullYear(), company: isolate(companyName) })}
          {companyWebUrl && (
            <>
              {' · '}
              <Anchor href={companyWebUrl} c="gray.8" underline="always">
                {t('website')}
              </Anchor>
            </>
          )}
        </Text>
        <ProblemReportButton companyId={companyId} />
        </Stack>
      </Container>
    </footer>
  );
}
