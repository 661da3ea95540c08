import { Alert, Badge, Button, Code, CopyButton, Group, Modal, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createApiToken, fetchApiTokens, revokeApiToken, type ApiTokenCreated, type TokenRole } from '@/admin/features/team/api/access';
import { ApiError } from '@/lib/api/errors';
import { toast } from '@/lib/toast';

/**
 * The Team tab's personal API tokens (issue 24; ADMIN and above): for programs that call the staff API
 * with `Authorization: Bearer`. Each is named, bound to this company and a role no higher than its
 * creator's; its secret is shown once, in a dialog with a copy button; the list shows who made each, its
 * last use, and revokes it.
 */
export function ApiTokens({ idCompany, roles, when }: { idCompany: number; roles: TokenRole[]; when: (iso: string) => string }) {
  const { t } = useTranslation('team');
  const queryClient = useQueryClient();
  const key = ['team', idCompany, 'api-tokens'];
  const tokens = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchApiTokens(idCompany, signal) });
  const [name, setName] = useState('');
  const [role, setRole] = useState<TokenRole>('DESK');
  const [nameError, setNameError] = useState<string>();
  const [created, setCreated] = useState<ApiTokenCreated>();

  const create = useMutation({
    mutationFn: () => createApiToken(idCompany, name.trim(), role),
    onSuccess: (c) => {
      setCreated(c);
      setName('');
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.fields?.name) setNameError(t('tokens.nameRequired'));
      else toast(t('failed'), 'red');
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number) => revokeApiToken(idCompany, id),
    onSuccess: () => toast(t('tokens.revoked'), 'green'),
    onError: () => toast(t('failed'), 'red'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNameError(undefined);
    if (!name.trim()) return setNameError(t('tokens.nameRequired'));
    create.mutate();
  };

  return (
    <section aria-labelledby="team-tokens">
      <Title order={4} id="team-tokens" mb="xs">
        {t('tokens.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('tokens.intro')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm" mb="sm">
          <TextInput
            label={t('tokens.name')}
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
            w={280}
          />
          <NativeSelect
            label={t('tokens.role')}
            data={roles.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
            value={role}
            onChange={(e) => setRole(e.currentTarget.value as TokenRole)}
            w={180}
          />
          <Button type="submit" loading={create.isPending}>
            {t('tokens.create')}
          </Button>
        </Group>
      </form>
      {tokens.isError && (
        <Alert color="red" role="alert">
          {t('tokens.loadFailed')}
        </Alert>
      )}
      {tokens.data &&
        (tokens.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('tokens.none')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('tokens.name')}</Table.Th>
                  <Table.Th>{t('columns.role')}</Table.Th>
                  <Table.Th>{t('tokens.createdBy')}</Table.Th>
                  <Table.Th>{t('tokens.lastUsed')}</Table.Th>
                  <Table.Th>{t('columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tokens.data.map((tok) => (
                  <Table.Tr key={tok.id} data-testid="api-token">
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {tok.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        <bdi>{when(tok.createdAt)}</bdi>
                      </Text>
                    </Table.Td>
                    <Table.Td>{t(`roles.${tok.role}`)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" dir="ltr" ta="start">
                        {tok.createdBy}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{tok.lastUsedAt ? <bdi>{when(tok.lastUsedAt)}</bdi> : t('never')}</Text>
                    </Table.Td>
                    <Table.Td>
                      {tok.revokedAt ? (
                        <Badge color="gray" variant="dot" radius="sm">
                          {t('tokens.revokedState')}
                        </Badge>
                      ) : (
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          aria-label={t('tokens.revokeWho', { name: tok.name })}
                          disabled={revoke.isPending}
                          onClick={() => revoke.mutate(tok.id)}
                        >
                          {t('tokens.revoke')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}

      <Modal
        opened={created !== undefined}
        onClose={() => setCreated(undefined)}
        title={t('tokens.createdTitle', { name: created?.token.name ?? '' })}
        centered
        zIndex={400}
        size="lg"
        withCloseButton={false} // its own Close/Done button closes it (Mantine's × has no name)
      >
        <Stack gap="sm">
          <Alert color="yellow">{t('tokens.shownOnce')}</Alert>
          <Code block dir="ltr" data-testid="api-token-secret" style={{ wordBreak: 'break-all' }}>
            {created?.secret}
          </Code>
          <Text size="sm" c="dimmed">
            {t('tokens.howTo')}
          </Text>
          <Group justify="flex-end">
            <CopyButton value={created?.secret ?? ''}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? t('tokens.copied') : t('tokens.copy')}
                </Button>
              )}
            </CopyButton>
            <Button data-autofocus onClick={() => setCreated(undefined)}>
              {t('tokens.done')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </section>
  );
}
