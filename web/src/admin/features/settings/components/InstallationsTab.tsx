import { Alert, Button, Card, Group, Loader, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createCircuit,
  createInstallation,
  fetchInstallations,
  renameCircuit,
  type Circuit,
  type Installation,
} from '@/admin/features/settings/api/company';
import type { SettingsState } from '@/admin/features/settings/hooks/useSettings';
import { ApiError } from '@/lib/api/errors';
import { toast } from '@/lib/toast';

/** The spec's default drivers per session of a new installation. */
const DEFAULT_RIDERS = 10;

/** Why a write was refused: the key of the words for the person who typed the name. */
function reason(e: unknown): 'installations.taken' | 'installations.invalidName' | 'installations.failed' {
  if (e instanceof ApiError && e.status === 409) return 'installations.taken';
  if (e instanceof ApiError && e.status === 422) return 'installations.invalidName';
  return 'installations.failed';
}

/**
 * The settings dialog's Installations tab (issue 24; ADMIN): the company's installations and their
 * circuits; an installation is added with the spec's defaults, a circuit added (with its variant, so
 * products can be raced on it) or renamed. The settings tabs read the new installation after a change
 * when nothing is being edited there.
 */
export function InstallationsTab({ idCompany, state }: { idCompany: number; state: SettingsState }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const key = ['admin', 'installations', idCompany];
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchInstallations(idCompany, signal) });
  const [name, setName] = useState('');
  const [riders, setRiders] = useState<number>(DEFAULT_RIDERS);
  const [error, setError] = useState<string>();

  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'settings', idCompany, 'variants'] });
    if (!state.dirty) state.reload();
  };
  const add = useMutation({
    mutationFn: () => createInstallation(idCompany, name.trim(), riders),
    onSuccess: () => {
      setName('');
      setRiders(DEFAULT_RIDERS);
      setError(undefined);
      toast(t('installations.added'), 'green');
      changed();
    },
    onError: (e) => setError(t(reason(e))),
  });

  if (list.isPending) return <Loader size="sm" aria-label={t('installations.loading')} />;
  if (list.isError) {
    return (
      <Alert color="red" role="alert">
        {t('installations.loadFailed')}
      </Alert>
    );
  }
  const ridersOk = Number.isInteger(riders) && riders >= 1 && riders <= 200;
  return (
    <Stack gap="lg" maw={720}>
      <Text size="sm" c="gray.7">
        {t('installations.intro')}
      </Text>
      {list.data.map((inst) => (
        <InstallationCard key={inst.idInstallation} idCompany={idCompany} installation={inst} onChanged={changed} />
      ))}
      <Card withBorder component="section" aria-labelledby="installation-new">
        <Stack gap="sm">
          <Title order={3} size="h5" id="installation-new">
            {t('installations.addTitle')}
          </Title>
          <Text size="xs" c="gray.7">
            {t('installations.defaultsHint')}
          </Text>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput label={t('installations.name')} value={name} error={error} onChange={(e) => setName(e.currentTarget.value)} style={{ flex: '1 1 14rem' }} />
            <NumberInput
              label={t('installations.maxParticipants')}
              min={1}
              max={200}
              allowDecimal={false}
              value={riders}
              error={ridersOk ? undefined : t('installations.ridersRange')}
              onChange={(v) => setRiders(typeof v === 'number' ? v : Number.NaN)}
              w={160}
            />
          </Group>
          <Group justify="flex-end">
            <Button disabled={!name.trim() || !ridersOk} loading={add.isPending} onClick={() => add.mutate()}>
              {t('installations.add')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

/** One installation: its circuits (each renamable) and a field to add one. */
function InstallationCard({ idCompany, installation, onChanged }: { idCompany: number; installation: Installation; onChanged: () => void }) {
  const { t } = useTranslation('settings');
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const headingId = `installation-${installation.idInstallation}`;
  const add = useMutation({
    mutationFn: () => createCircuit(idCompany, installation.idInstallation, name.trim()),
    onSuccess: () => {
      setName('');
      setError(undefined);
      toast(t('installations.circuitAdded'), 'green');
      onChanged();
    },
    onError: (e) => setError(t(reason(e))),
  });
  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5" id={headingId}>
            {installation.name}
          </Title>
          <Text size="sm" c="gray.7">
            {t('installations.riders', { count: installation.maxParticipants })}
          </Text>
        </Group>
        {installation.circuits.length === 0 ? (
          <Text size="sm">{t('installations.noCircuit')}</Text>
        ) : (
          installation.circuits.map((c) => <CircuitRow key={c.idCircuit} idCompany={idCompany} circuit={c} onChanged={onChanged} />)
        )}
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('installations.newCircuit')}
            value={name}
            error={error}
            onChange={(e) => setName(e.currentTarget.value)}
            style={{ flex: '1 1 14rem' }}
          />
          <Button mt={25} variant="default" disabled={!name.trim()} loading={add.isPending} onClick={() => add.mutate()}>
            {t('installations.addCircuit')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** A circuit's name, editable in place. */
function CircuitRow({ idCompany, circuit, onChanged }: { idCompany: number; circuit: Circuit; onChanged: () => void }) {
  const { t } = useTranslation('settings');
  const [name, setName] = useState(circuit.name);
  const [error, setError] = useState<string>();
  const rename = useMutation({
    mutationFn: () => renameCircuit(idCompany, circuit.idCircuit, name.trim()),
    onSuccess: () => {
      setError(undefined);
      toast(t('installations.renamed'), 'green');
      onChanged();
    },
    onError: (e) => setError(t(reason(e))),
  });
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <TextInput
        label={t('installations.circuitName', { id: circuit.idLocal || '—' })}
        value={name}
        error={error}
        onChange={(e) => setName(e.currentTarget.value)}
        style={{ flex: '1 1 14rem' }}
      />
      <Button mt={25} variant="default" disabled={!name.trim() || name.trim() === circuit.name} loading={rename.isPending} onClick={() => rename.mutate()}>
        {t('installations.rename')}
      </Button>
    </Group>
  );
}
