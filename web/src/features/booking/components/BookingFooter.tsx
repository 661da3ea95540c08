import { Box, Container, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from '@/features/booking/components/BookingLayout.module.css';
import { isolate } from '@/lib/format';
import type { CompanyConfig } from '@/lib/api/get-config';
// eslint-disable-next-line import-x/no-restricted-paths -- the problem-report widget is part of the booking page's footer; a deliberate exception
import { ProblemReportButton } from '@/features/problem-report/components/ProblemReportButton';

/** The booking page's footer: the optional footer image (a subsidy notice, say) and the company line. */
export function BookingFooter({ config }: { config: CompanyConfig }) {
  const { t } = useTranslation();
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py="lg">
        <Stack align="center" gap="sm">
          {config.footerImage && (
            <img className={classes.footerImage} src={config.footerImage} alt={t('booking.footerImageAlt')} />
          )}
          <Text size="sm" c="gray.7" ta="center" data-testid="footer-company">
            {t('booking.copyright', { year: new Date().getFullYear(), company: isolate(config.companyName) })}
          </Text>
          <ProblemReportButton companyId={config.idCompany} />
        </Stack>
      </Container>
    </Box>
  );
}
