import { Alert, Badge, Button, Group, Loader, Modal, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchTeam,
  inviteMember,
  removeMember,
  resendInvitation,
  revokeInvitation,
  setMemberEnabled,
  setMemberRole,
  type TeamMember,
  type TeamRole,
} from '@/admin/features/team/api/team';
import { ApiTokens } from '@/admin/features/team/components/ApiTokens';
import { MemberSessions } from '@/admin/features/team/components/MemberSessions';
import { SecondFactorSwitch } from '@/admin/features/team/components/SecondFactorSwitch';
import { companyQueryOptions } from '@/admin/lib/company';
import { useAdminFormat } from '@/admin/lib/format';
import { usePhone } from '@/admin/lib/phone';
import { atLeast, type StaffRole } from '@/admin/lib/roles';
import { ApiError } from '@/lib/api/errors';
import { isolate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { isValidEmail } from '@/lib/validation';

const settingsToast = (message: string, kind: 'error' | 'success') => toast(message, kind === 'error' ? 'red' : 'green');

const ROLES: TeamRole[] = ['DESK', 'ADMIN', 'SUPERADMIN'];

/**
 * The settings dialog's Team tab (issue 24; ADMIN and above): the company's members with their role,
 * state and last sign-in, a role select, disable/enable and remove (after a confirmation naming the
 * person); an invitation form (e-mail and role) and the pending invitations with resend and revoke. The
 * server keeps the rules (nobody changes themselves, the last admin stays, an ADMIN does not touch a
 * SUPERADMIN); the tab only hides what it would refuse and says why when it refuses anyway. Each member's
 * live sessions open in a dialog that ends any or all; below the invitations, the company's personal API
 * tokens for programs.
 */
export function TeamTab({ idCompany, role }: { idCompany: number; role: StaffRole }) {
  const { t, i18n } = useTranslation('team');
  const queryClient = useQueryClient();
  const key = ['team', idCompany];
  const team = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchTeam(idCompany, signal) });
  const [email, setEmail] = useState('');
  const [inviteRole, setInviteRole] = useState<TeamRole>('DESK');
  const [emailError, setEmailError] = useState<string>();
  const [removing, setRemoving] = useState<TeamMember>();
  const [sessionsOf, setSessionsOf] = useState<TeamMember>();
  const super_ = atLeast(role, 'SUPERADMIN');
  const phone = usePhone();
  const grantable = ROLES.filter((r) => r !== 'SUPERADMIN' || super_);
  const culture = i18n.resolvedLanguage ?? i18n.language;

  // Instants in the company's time zone, as the back office formatter writes them: the company as the shell
  // loaded it (read from the cache, never fetched again here; UTC if it is not there).
  const company = queryClient.getQueryData(companyQueryOptions(idCompany).queryKey);
  const format = useAdminFormat({ timeZone: company?.timeZone });
  const when = (iso: string) => format.instant(iso);

  const refused = (e: unknown) => {
    if (e instanceof ApiError && e.status === 403) settingsToast(t('refused.super'), 'error');
    else if (e instanceof ApiError && e.status === 422) settingsToast(t('refused.rule'), 'error');
    else settingsToast(t('failed'), 'error');
  };

  const change = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: () => settingsToast(t('saved'), 'success'),
    onError: refused,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  const invite = useMutation({
    mutationFn: () => inviteMember(idCompany, { email: email.trim(), role: inviteRole, culture }),
    onSuccess: (inv) => {
      settingsToast(t('invite.sent', { email: inv.email }), 'success');
      setEmail('');
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 409) setEmailError(t('invite.conflict'));
      else if (e instanceof ApiError && e.fields?.email) setEmailError(t('invite.invalidEmail'));
      else settingsToast(t('failed'), 'error');
    },
  });

  const submitInvite = (e: FormEvent) => {
    e.preventDefault();
    setEmailError(undefined);
    if (!isValidEmail(email.trim())) return setEmailError(t('invite.invalidEmail'));
    invite.mutate();
  };

  if (team.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>{t('loading')}</Text>
      </Group>
    );
  }
  if (team.isError) {
    return (
      <Alert color="red" role="alert">
        {t('loadFailed')}{' '}
        <Button variant="subtle" size="xs" onClick={() => void team.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }

  const { members, invitations } = team.data;
  const nameOf = (m: TeamMember) => (
    <>
      <Text size="sm" fw={500}>
        {m.name} {m.isMe && t('you')}
      </Text>
      <Text size="xs" c="dimmed" dir="ltr" ta="start">
        {m.email}
      </Text>
    </>
  );
  const roleOf = (m: TeamMember, locked: boolean) => (
    <NativeSelect
      aria-label={t('roleOf', { name: m.name })}
      data={(locked ? ROLES : grantable).map((r) => ({ value: r, label: t(`roles.${r}`) }))}
      value={m.role}
      disabled={locked || change.isPending}
      onChange={(e) => {
        const v = e.currentTarget.value as TeamRole;
        if (v !== m.role) change.mutate(() => setMemberRole(idCompany, m.userId, v));
      }}
      w={phone ? '100%' : 170}
    />
  );
  const stateOf = (m: TeamMember) => (
    <Badge color={m.state === 'active' ? 'green' : 'gray'} variant="dot" radius="sm">
      {t(`state.${m.state}`)}
    </Badge>
  );
  const lastOf = (m: TeamMember) => (
    <Text size="sm">{m.lastSignInAt ? <bdi>{when(m.lastSignInAt)}</bdi> : t('never')}</Text>
  );
  const actionsOf = (m: TeamMember, locked: boolean) => (
    <Group gap="xs" wrap="nowrap">
      {!(m.role === 'SUPERADMIN' && !super_) && (
        <Button
          size="xs"
          variant="subtle"
          aria-label={t('sessions.openWho', { name: m.name })}
          onClick={() => setSessionsOf(m)}
        >
          {t('sessions.open')}
        </Button>
      )}
      {!locked && (
        <>
          <Button
            size="xs"
            variant="default"
            aria-label={t(m.state === 'active' ? 'disableWho' : 'enableWho', { name: m.name })}
            disabled={change.isPending}
            onClick={() => change.mutate(() => setMemberEnabled(idCompany, m.userId, m.state !== 'active'))}
          >
            {t(m.state === 'active' ? 'disable' : 'enable')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            aria-label={t('removeWho', { name: m.name })}
            disabled={change.isPending}
            onClick={() => setRemoving(m)}
          >
            {t('remove')}
          </Button>
        </>
      )}
    </Group>
  );
  const isLocked = (m: TeamMember) => m.isMe || (m.role === 'SUPERADMIN' && !super_);

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <SecondFactorSwitch idCompany={idCompany} canChange={super_} />
      <section aria-labelledby="team-members">
        <Title order={4} id="team-members" mb="xs">
          {t('members')}
        </Title>
        {phone ? (
          // On a phone the five columns did not fit the dialog (the role field was cut): a card per member.
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby="team-members">
            {members.map((m) => {
              const locked = isLocked(m);
              return (
                <Paper key={m.userId} component="li" withBorder p="sm" radius="md">
                  <Stack gap={6}>
                    <div>{nameOf(m)}</div>
                    {roleOf(m, locked)}
                    <Group gap="xs" justify="space-between">
                      {stateOf(m)}
                      <Text size="xs" c="dimmed">
                        {t('columns.lastSignIn')}:
                      </Text>
                      {lastOf(m)}
                    </Group>
                    {actionsOf(m, locked)}
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.name')}</Table.Th>
                <Table.Th>{t('columns.role')}</Table.Th>
                <Table.Th>{t('columns.state')}</Table.Th>
                <Table.Th>{t('columns.lastSignIn')}</Table.Th>
                <Table.Th>{t('columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((m) => {
                const locked = isLocked(m);
                return (
                  <Table.Tr key={m.userId}>
                    <Table.Td>{nameOf(m)}</Table.Td>
                    <Table.Td>{roleOf(m, locked)}</Table.Td>
                    <Table.Td>{stateOf(m)}</Table.Td>
                    <Table.Td>{lastOf(m)}</Table.Td>
                    <Table.Td>{actionsOf(m, locked)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </section>

      <section aria-labelledby="team-invite">
        <Title order={4} id="team-invite" mb="xs">
          {t('invite.title')}
        </Title>
        <form onSubmit={submitInvite} noValidate>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('invite.email')}
              type="email"
              dir="ltr"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={emailError}
              w={280}
            />
            <NativeSelect
              label={t('invite.role')}
              data={grantable.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
              value={inviteRole}
              onChange={(e) => setInviteRole(e.currentTarget.value as TeamRole)}
              w={180}
            />
            <Button type="submit" loading={invite.isPending}>
              {t('invite.submit')}
            </Button>
          </Group>
        </form>
      </section>

      <section aria-labelledby="team-invitations">
        <Title order={4} id="team-invitations" mb="xs">
          {t('invitations.title')}
        </Title>
        {invitations.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('invitations.none')}
          </Text>
        ) : (
          <Stack gap="xs">
            {invitations.map((inv) => (
              <Group key={inv.id} justify="space-between" wrap="nowrap" data-testid="invitation">
                <div>
                  <Text size="sm" fw={500} dir="ltr" ta="start">
                    {inv.email}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`roles.${inv.role}`)} · {t(`state.${inv.state}`)} · {t('invitations.expires', { date: isolate(when(inv.expiresAt)) })}
                  </Text>
                </div>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={t('invitations.resendTo', { email: inv.email })}
                    disabled={change.isPending}
                    onClick={() => change.mutate(() => resendInvitation(idCompany, inv.id, culture))}
                  >
                    {t('invitations.resend')}
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    aria-label={t('invitations.revokeTo', { email: inv.email })}
                    disabled={change.isPending}
                    onClick={() => change.mutate(() => revokeInvitation(idCompany, inv.id))}
                  >
                    {t('invitations.revoke')}
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </section>

      <ApiTokens idCompany={idCompany} roles={grantable} when={when} />

      <MemberSessions idCompany={idCompany} member={sessionsOf} when={when} onClose={() => setSessionsOf(undefined)} />

      <Modal
        opened={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        title={t('confirmRemove.title', { name: removing?.name ?? '' })}
        centered
        zIndex={400}
        size="sm"
        withCloseButton={false}
      >
        <Text size="sm">{t('confirmRemove.body', { name: removing?.name ?? '', email: removing?.email ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setRemoving(undefined)}>
            {t('cancel')}
          </Button>
          <Button
            color="red"
            data-autofocus
            onClick={() => {
              const m = removing;
              setRemoving(undefined);
              if (m) change.mutate(() => removeMember(idCompany, m.userId));
            }}
          >
            {t('confirmRemove.accept')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
