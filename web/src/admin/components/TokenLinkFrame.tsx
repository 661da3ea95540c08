import { Alert, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminLanguageSelect } from '@/admin/components/AdminLanguageSelect';

interface TokenLinkFrameProps {
  /** The page's title in the browser tab. */
  title: string;
  maw: number;
  /** The link is being read. */
  pending: boolean;
  loadingText: string;
  /** Set when the link is used, expired or unknown: said instead of the form, with a way on. */
  failed?: { message: string; action: string; to: string };
  children: ReactNode;
}

/**
 * The frame of a page opened from an e-mailed link (a password reset, an invitation): a card in the middle
 * of the screen with the language choice, "reading the link…", the link's failure with a way on, or the form.
 */
export function TokenLinkFrame({ title, maw, pending, loadingText, failed, children }: TokenLinkFrameProps) {
  return (
    <Center mih="100vh" p="md" component="main">
      <title>{`${title} – Pitlane`}</title>
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={maw}>
        <Stack gap="md">
          <Group justify="flex-end">
            <AdminLanguageSelect />
          </Group>
          {pending ? (
            <Group gap="sm" role="status">
              <Loader size="sm" />
              <Text>{loadingText}</Text>
            </Group>
          ) : failed ? (
            <>
              <Alert color="red" role="alert">
                {failed.message}
              </Alert>
              <Button component={Link} to={failed.to} variant="default">
                {failed.action}
              </Button>
            </>
          ) : (
            children
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
