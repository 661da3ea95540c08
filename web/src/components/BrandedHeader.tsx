import { Box, Container, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { LanguageSelect } from '@/components/LanguageSelect';
import { isHexColor, readableTextColor } from '@/lib/theme';

interface BrandedHeaderProps {
  companyName: string;
  /** URL of the company logo; empty or failing to load shows the name instead. */
  logo?: string | null;
  /** The company's primary colour (`#rrggbb`); the bar is the theme's primary colour when missing. */
  primaryColor?: string | null;
  /** Where the logo links to, such as the company's booking page. */
  href?: string;
}

/**
 * A company's top bar for pages outside the booking wizard (success, terms): its colour, its logo (or
 * name) and the language selector.
 */
export function BrandedHeader({ companyName, logo, primaryColor, href }: BrandedHeaderProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const background = isHexColor(primaryColor) ? primaryColor : 'var(--mantine-primary-color-filled)';
  const foreground = isHexColor(primaryColor) ? readableTextColor(primaryColor) : '#ffffff';
  const mark =
    logo && failed !== logo ? (
      <img src={logo} alt={companyName} onError={() => setFailed(logo)} style={{ display: 'block', maxBlockSize: 48, maxInlineSize: 180 }} />
    ) : (
      <Text component="span" fw={800} fz="xl" lh={1.2} dir="auto">
        {companyName}
      </Text>
    );
  return (
    <Box component="header" bg={background} c={foreground} data-testid="branded-header">
      <Container size="lg" py="sm">
        <Group justify="space-between" align="center" wrap="nowrap" gap="md">
          {href ? (
            <a href={href} style={{ color: 'inherit', textDecoration: 'none' }}>
              {mark}
            </a>
          ) : (
            mark
          )}
          <LanguageSelect labelColor={foreground} />
        </Group>
      </Container>
    </Box>
  );
}
