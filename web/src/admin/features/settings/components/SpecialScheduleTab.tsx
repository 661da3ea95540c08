import { ActionIcon, Button, Checkbox, Group, Popover, SegmentedControl, Stack, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/admin/components/DateField';
import { adminFormat } from '@/admin/lib/format';
import { isolate } from '@/lib/format';
import type { SpecialRow } from '@/admin/features/settings/api/settings';
import { InstallationTabs } from '@/admin/features/settings/components/InstallationTabs';
import { useFieldRefusal } from '@/admin/features/settings/hooks/useRefusals';
import type { SettingsState } from '@/admin/features/settings/hooks/useSettings';
import type { Draft } from '@/admin/features/settings/utils/draft';
import { closedWeekdayDates, covers, periodsOverlap, sharesDay } from '@/admin/features/settings/utils/special';
import { settingsToast } from '@/admin/features/settings/utils/toasts';
import { TimeField } from '@/admin/components/TimeField';
import { todayIn } from '@/admin/lib/dates';

/**
 * Tab 4, Special schedule: per installation, a single day or a date range, closed, open 24 h or two
 * periods; the list filtered by a date (the app's date field, written the language's way), per-row delete with a confirmation, and multi-select
 * 'Remove selected rows'. A date already set is refused ('dateExists'), overlapping periods too
 * ('overlappingHours'); closed weekdays in the row are named in a 7 s 'weekDayClosed' warning. The pickers
 * are bounded as the server is (admin-side.md 5): from today at the circuit to 31 December five years on; a
 * date typed outside them is named beside its field and cannot be added.
 */
export function SpecialScheduleTab({ state }: { state: SettingsState }) {
  return <InstallationTabs drafts={state.drafts}>{(d) => <Special draft={d} state={state} />}</InstallationTabs>;
}

type Kind = 'closed' | 'hours' | 'open24h';

function Special({ draft, state }: { draft: Draft; state: SettingsState }) {
  const { t, i18n } = useTranslation('settings');
  const format = adminFormat(i18n.resolvedLanguage ?? i18n.language, {});
  const [mode, setMode] = useState<'day' | 'range'>('day');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [kind, setKind] = useState<Kind>('closed');
  const [periods, setPeriods] = useState([
    { from: '10:00', to: '14:00', open: true },
    { from: '16:00', to: '20:00', open: false },
  ]);
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState<string>();
  const refusal = useFieldRefusal(state, draft.idInstallation);

  const key = (r: SpecialRow) => r.date.join('/');
  const setRows = (special: SpecialRow[]) => state.update(draft.idInstallation, (d) => ({ ...d, special }));
  const filterDate = filter || undefined;
  const { first, last } = specialBounds(draft.timeZone);
  const bound = (day: string) => (!day ? undefined : day < first ? t('special.past') : day > last ? t('special.tooLate', { date: isolate(format.day(last)) }) : undefined);
  const fromError = bound(from);
  const toError = mode === 'range' ? bound(to) : undefined;
  const rows = filterDate ? draft.special.filter((r) => covers(r, filterDate)) : draft.special;

  const add = () => {
    if (!from || (mode === 'range' && (!to || to < from)) || fromError || toError) return;
    const value = kind === 'hours' ? periods.filter((p) => p.open).map(({ from: f, to: tt }) => ({ from: f, to: tt })) : [];
    if (kind === 'hours' && (value.length === 0 || periodsOverlap(value))) {
      settingsToast(t('overlappingHours'), 'error');
      return;
    }
    const row: SpecialRow = {
      date: mode === 'range' && to !== from ? [from, to] : [from],
      schedule: { closed: kind === 'closed', open24h: kind === 'open24h', value },
    };
    if (draft.special.some((r) => sharesDay(r, row))) {
      settingsToast(t('dateExists'), 'error');
      return;
    }
    setRows([...draft.special, row].sort((a, b) => a.date[0].localeCompare(b.date[0])));
    const closed = closedWeekdayDates(draft, row);
    if (closed.length > 0) settingsToast(t('weekDayClosed', { dates: closed.map((day) => isolate(format.day(day))).join(', ') }), 'warning');
  };

  const hoursText = (r: SpecialRow) =>
    r.schedule.closed ? t('special.closed') : r.schedule.open24h ? t('special.open24h') : r.schedule.value.map((p) => `${p.from}–${p.to}`).join(', ');
  const dateText = (r: SpecialRow) => format.range(r.date[0], r.date[r.date.length - 1]);

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label={t('special.mode')}
          value={mode}
          onChange={(v) => setMode(v as 'day' | 'range')}
          data={[
            { value: 'day', label: t('special.day') },
            { value: 'range', label: t('special.range') },
          ]}
        />
        <DateField
          label={mode === 'day' ? t('special.date') : t('special.from')}
          value={from}
          minDate={first}
          maxDate={last}
          error={fromError}
          onChange={(day) => setFrom(day ?? '')}
        />
        {mode === 'range' && (
          <DateField
            label={t('special.to')}
            value={to}
            minDate={from && from > first ? from : first}
            maxDate={last}
            error={toError}
            onChange={(day) => setTo(day ?? '')}
          />
        )}
        <SegmentedControl
          aria-label={t('special.kind')}
          value={kind}
          onChange={(v) => setKind(v as Kind)}
          data={[
            { value: 'closed', label: t('special.closed') },
            { value: 'hours', label: t('special.hours') },
            { value: 'open24h', label: t('special.open24h') },
          ]}
        />
      </Group>
      {kind === 'hours' && (
        <Group>
          {periods.map((p, i) => {
            const label = t(i === 0 ? 'schedule.period1' : 'schedule.period2');
            const set = (patch: Partial<typeof p>) => setPeriods(periods.map((x, j) => (j === i ? { ...x, ...patch } : x)));
            return (
              <Group key={i} gap="xs" wrap="nowrap">
                <Switch aria-label={label} checked={p.open} onChange={(e) => set({ open: e.currentTarget.checked })} />
                <TimeField aria-label={`${label}: ${t('schedule.from')}`} disabled={!p.open} value={p.from} onChange={(v) => set({ from: v })} />
                <TimeField aria-label={`${label}: ${t('schedule.to')}`} disabled={!p.open} value={p.to} onChange={(v) => set({ to: v })} />
              </Group>
            );
          })}
        </Group>
      )}
      <Group>
        <Button onClick={add} disabled={!from || (mode === 'range' && !to) || Boolean(fromError || toError)}>
          {t('special.add')}
        </Button>
      </Group>
      <Group justify="space-between" align="flex-end">
        <DateField label={t('special.filter')} value={filter} clearable onChange={(day) => setFilter(day ?? '')} />
        <Button
          color="red"
          variant="light"
          disabled={selected.length === 0}
          onClick={() => {
            setRows(draft.special.filter((r) => !selected.includes(key(r))));
            setSelected([]);
          }}
        >
          {t('special.removeSelected')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={400} mah={300}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th>{t('special.columns.date')}</Table.Th>
              <Table.Th>{t('special.columns.hours')}</Table.Th>
              <Table.Th>{t('special.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text size="sm" c="dimmed">
                    {t('special.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((r) => {
              // What the last save was refused for on this row (the server names rows by their place in the list).
              const refused = refusal(`special.${draft.special.indexOf(r)}`);
              return (
              <Table.Tr key={key(r)}>
                <Table.Td>
                  <Checkbox
                    aria-label={t('special.select', { date: dateText(r) })}
                    checked={selected.includes(key(r))}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      setSelected((s) => (on ? [...s, key(r)] : s.filter((x) => x !== key(r))));
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <bdi>{dateText(r)}</bdi>
                  {refused && (
                    <Text size="xs" c="var(--mantine-color-error)">
                      {refused}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{hoursText(r)}</Table.Td>
                <Table.Td>
                  <Popover opened={confirming === key(r)} onChange={(o) => !o && setConfirming(undefined)} withinPortal={false} trapFocus>
                    <Popover.Target>
                      <ActionIcon variant="subtle" color="red" aria-label={t('special.remove', { date: dateText(r) })} onClick={() => setConfirming(key(r))}>
                        ×
                      </ActionIcon>
                    </Popover.Target>
                    <Popover.Dropdown>
                      <Text size="sm">{t('special.confirmRemove')}</Text>
                      <Group gap="xs" mt="xs">
                        <Button size="xs" variant="default" onClick={() => setConfirming(undefined)}>
                          {t('special.no')}
                        </Button>
                        <Button
                          size="xs"
                          color="red"
                          onClick={() => {
                            setRows(draft.special.filter((x) => key(x) !== key(r)));
                            setSelected((s) => s.filter((x) => x !== key(r)));
                            setConfirming(undefined);
                          }}
                        >
                          {t('special.yes')}
                        </Button>
                      </Group>
                    </Popover.Dropdown>
                  </Popover>
                </Table.Td>
              </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/**
 * The days a new special row may cover, as the server checks them (internal/setup/validate.go): from today
 * in the circuit's time zone to 31 December five years on.
 */
export function specialBounds(timeZone: string, now: Date = new Date()): { first: string; last: string } {
  const first = todayIn(timeZone, now);
  return { first, last: `${Number(first.slice(0, 4)) + 5}-12-31` };
}
