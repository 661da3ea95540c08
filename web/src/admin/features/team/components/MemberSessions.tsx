import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SessionList } from '@/admin/components/SessionList';
import { endMemberSession, endMemberSessions, fetchMemberSessions } from '@/admin/features/team/api/access';
import type { TeamMember } from '@/admin/features/team/api/team';
import { toast } from '@/lib/toast';

/**
 * The Team tab's dialog of one member's live sessions (issue 24): when and where each signed in, ending
 * any, or all at once. An ended session's next request is a 401, so that browser goes to the sign-in page.
 */
export function MemberSessions({
  idCompany,
  member,
  when,
  onClose,
}: {
  idCompany: number;
  member: TeamMember | undefined;
  when: (iso: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation('team');
  const queryClient = useQueryClient();
  const userId = member?.userId ?? 0;
  const key = ['team', idCompany, 'sessions', userId];
  const sessions = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchMemberSessions(idCompany, userId, signal),
    enabled: member !== undefined,
  });
  const end = useMutation({
    mutationFn: (sessionId: number | undefined) =>
      sessionId === undefined ? endMemberSessions(idCompany, userId) : endMemberSession(idCompany, userId, sessionId).then(() => 1),
    onSuccess: (n) => toast(t('sessions.ended', { count: n }), 'green'),
    onError: () => toast(t('failed'), 'red'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  return (
    <Modal
      opened={member !== undefined}
      onClose={onClose}
      title={t('sessions.title', { name: member?.name ?? '' })}
      centered
      zIndex={400}
      size="xl"
      withCloseButton={false} // its own Close/Done button closes it (Mantine's × has no name)
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('sessions.intro')}
        </Text>
        {sessions.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>{t('sessions.loading')}</Text>
          </Group>
        ) : sessions.isError ? (
          <Alert color="red" role="alert">
            {t('sessions.loadFailed')}
          </Alert>
        ) : (
          <>
            <SessionList sessions={sessions.data} when={when} busy={end.isPending} onEnd={(s) => end.mutate(s.id)} />
            {sessions.data.length > 1 && (
              <Group justify="flex-end">
                <Button color="red" variant="light" disabled={end.isPending} onClick={() => end.mutate(undefined)}>
                  {t('sessions.endAll')}
                </Button>
              </Group>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('sessions.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
