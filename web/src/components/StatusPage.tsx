import { Box, Container, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguageSelect } from '@/components/LanguageSelect';

interface StatusPageProps {
  /** The page's one h1, also the document title. */
  title: string;
  /** A decorative icon above the title (a StatusIcon). */
  icon?: ReactNode;
  /** A header to show instead of the plain one with the language selector (a company's BrandedHeader). */
  header?: ReactNode;
  /** Text after the page's title in the document title, such as the company name. */
  titleSuffix?: string;
  children?: ReactNode;
}

/**
 * A page that tells the outcome of something (a cancellation, a payment, an unsubscribe…): an icon, the
 * heading and a short message with its actions, centred on a card. The heading takes the focus when the
 * page appears, so that screen readers announce the outcome.
 */
export function StatusPage({ title, icon, header, titleSuffix, children }: StatusPageProps) {
  return (
    <Box mih="100vh" bg="gray.0">
      <title>{titleSuffix ? `${title} – ${titleSuffix}` : title}</title>
      {header ?? (
        <Box component="header" px="md" py="sm">
          <Group justify="flex-end">
            <LanguageSelect />
          </Group>
        </Box>
      )}
      <Container component="main" id="main" size="sm" px="md" py={{ base: 32, sm: 64 }}>
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="xs">
          <Stack align="center" ta="center" gap="md">
            {icon}
            <Title order={1} fz={{ base: 24, sm: 30 }} tabIndex={-1} ref={focusOnMount} style={{ outline: 'none' }}>
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}

/** Moves the focus to the heading when it is first attached (the outcome is announced once). */
function focusOnMount(node: HTMLHeadingElement | null) {
  if (node && document.activeElement === document.body) node.focus({ preventScroll: true });
}
