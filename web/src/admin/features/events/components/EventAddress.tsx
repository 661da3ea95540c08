import { Anchor, Button, CopyButton, Group, Text } from '@mantine/core';
import { useEventsTexts } from '@/admin/features/events/hooks/useEventsTexts';

/** The public address of an event's page: <origin>/event/<key> (the server's event.PagePath). */
export function eventAddress(origin: string, key: string): string {
  return `${origin}/event/${encodeURIComponent(key)}`;
}

/**
 * An event's public address, written left to right whatever the language, with a button that copies it
 * and a link that opens it in a new tab.
 */
export function EventAddress({ url }: { url: string }) {
  const { t } = useEventsTexts();
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Text span size="sm" dir="ltr" data-testid="event-address" style={{ overflowWrap: 'anywhere' }}>
        {url}
      </Text>
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Button size="compact-sm" variant="light" onClick={copy}>
            {copied ? t('address.copied') : t('address.copy')}
          </Button>
        )}
      </CopyButton>
      <Anchor href={url} target="_blank" rel="noopener" size="sm">
        {t('address.open')}
      </Anchor>
    </Group>
  );
}
