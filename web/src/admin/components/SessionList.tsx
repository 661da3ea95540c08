import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { components } from '@/lib/api/schema';

/** A live staff session as the Team tab and My account list it. */
export type StaffSession = components['schemas']['StaffSession'];

/**
 * A user's live sessions (issue 24): when each signed in and was last seen, its browser and address,
 * with a button to end each (the current one marked). Shared by the Team tab's member sessions and My
 * account's own; the caller owns the calls, `when` writes an instant.
 */
export function SessionList({
  sessions,
  when,
  onEnd,
  busy,
}: {
  sessions: StaffSession[];
  when: (iso: string) => string;
  onEnd: (s: StaffSession) => void;
  busy?: boolean;
}) {
  const { t } = useTranslation('admin');
  if (sessions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('sessions.none')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped data-testid="session-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('sessions.signedIn')}</Table.Th>
            <Table.Th>{t('sessions.lastSeen')}</Table.Th>
            <Table.Th>{t('sessions.browser')}</Table.Th>
            <Table.Th>{t('sessions.address')}</Table.Th>
            <Table.Th>{t('sessions.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((s) => (
            <Table.Tr key={s.id} data-testid="session-row">
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm">
                    <bdi>{when(s.createdAt)}</bdi>
                  </Text>
                  {s.current && (
                    <Badge size="xs" variant="light" w="fit-content">
                      {t('sessions.current')}
                    </Badge>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  <bdi>{when(s.lastSeenAt)}</bdi>
                </Text>
              </Table.Td>
              <Table.Td maw={220}>
                <Text size="xs" c="dimmed" dir="ltr" ta="start" lineClamp={2} title={s.userAgent}>
                  {s.userAgent || t('sessions.unknownBrowser')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" dir="ltr" ta="start">
                  {s.address}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    disabled={busy}
                    aria-label={t('sessions.endWho', { date: when(s.createdAt) })}
                    onClick={() => onEnd(s)}
                  >
                    {t('sessions.end')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
