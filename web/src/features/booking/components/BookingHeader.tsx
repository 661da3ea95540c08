import { Box, Container, Group } from '@mantine/core';
import { LanguageSelect } from '@/components/LanguageSelect';
import { CartButton } from '@/features/booking/components/CartButton';
import { CompanyLogo } from '@/features/booking/components/CompanyLogo';
import classes from '@/features/booking/components/BookingLayout.module.css';
import type { CompanyConfig } from '@/lib/api/get-config';
import { readableTextColor } from '@/lib/theme';

/** The booking page's top bar in the company's primary colour: logo (or name), cart button and language selector. */
export function BookingHeader({ config }: { config: CompanyConfig }) {
  const foreground = readableTextColor(config.theme.primaryColor);
  return (
    <Box component="header" className={classes.header} c={foreground} data-testid="booking-header">
      <Container size="lg" py="sm">
        <Group justify="space-between" align="center" wrap="nowrap" gap="md">
          <CompanyLogo src={config.logo} companyName={config.companyName} />
          <Group gap="sm" align="flex-end" wrap="nowrap">
            <CartButton />
            <LanguageSelect className={classes.language} labelColor={foreground} />
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
