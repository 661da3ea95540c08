import { Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguageSelect } from '@/components/LanguageSelect';

interface SimplePageProps {
  /** The page's one h1, also used as the document title. */
  title: string;
  /** A large decorative mark above the title, such as an HTTP status; hidden from screen readers. */
  mark?: string;
  children?: ReactNode;
}

/** A plain page with a language selector and one centred message, for errors and placeholders. */
export function SimplePage({ title, mark, children }: SimplePageProps) {
  return (
    <>
      <title>{title}</title>
      <Box component="header" px="md" py="sm">
        <Group justify="flex-end">
          <LanguageSelect />
        </Group>
      </Box>
      <Container component="main" id="main" size="sm" py={64}>
        <Stack align="center" ta="center" gap="md">
          {mark && (
            <Text aria-hidden fz={72} fw={800} lh={1} c="gray.6">
              {mark}
            </Text>
          )}
          <Title order={1}>{title}</Title>
          {children}
        </Stack>
      </Container>
    </>
  );
}
