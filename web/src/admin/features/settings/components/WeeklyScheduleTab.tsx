import { Group, Stack, Switch, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Period } from '@/admin/features/settings/api/settings';
import { InstallationTabs } from '@/admin/features/settings/components/InstallationTabs';
import { useFieldRefusal } from '@/admin/features/settings/hooks/useRefusals';
import type { SettingsState } from '@/admin/features/settings/hooks/useSettings';
import { dayPeriods, WEEKDAYS, type Draft, type Weekday } from '@/admin/features/settings/utils/draft';
import { TimeField } from '@/admin/components/TimeField';
import { usePhone } from '@/admin/lib/phone';

/**
 * Tab 3, Weekly schedule: per installation, seven days with two opening periods each, a switch and two
 * times per period. No period on means the day is closed; the server derives the excluded hours.
 */
export function WeeklyScheduleTab({ state }: { state: SettingsState }) {
  return <InstallationTabs drafts={state.drafts}>{(d) => <Week draft={d} state={state} />}</InstallationTabs>;
}

function Week({ draft, state }: { draft: Draft; state: SettingsState }) {
  const { t } = useTranslation('settings');
  const phone = usePhone();
  const refusal = useFieldRefusal(state, draft.idInstallation);
  const setPeriod = (wd: Weekday, i: 0 | 1, patch: Partial<Period>) =>
    state.update(draft.idInstallation, (d) => {
      const day = dayPeriods(d, wd).map((p) => ({ ...p })) as [Period, Period];
      day[i] = { ...day[i], ...patch };
      return { ...d, weekly: { ...d.weekly, [wd]: day } };
    });
  const period = (wd: Weekday, dayName: string, day: [Period, Period], i: 0 | 1) => {
    const label = `${dayName}, ${t(i === 0 ? 'schedule.period1' : 'schedule.period2')}`;
    return (
      <Group gap="xs" wrap="nowrap">
        <Switch aria-label={label} checked={day[i].open} onChange={(e) => setPeriod(wd, i, { open: e.currentTarget.checked })} />
        <TimeField
          aria-label={`${label}: ${t('schedule.from')}`}
          disabled={!day[i].open}
          value={day[i].from}
          onChange={(v) => setPeriod(wd, i, { from: v })}
          w="5rem"
        />
        <TimeField
          aria-label={`${label}: ${t('schedule.to')}`}
          disabled={!day[i].open}
          value={day[i].to}
          onChange={(v) => setPeriod(wd, i, { to: v })}
          w="5rem"
        />
      </Group>
    );
  };
  const closed = (day: [Period, Period]) =>
    !day[0].open &&
    !day[1].open && (
      <Text size="xs" c="dimmed">
        {t('schedule.closedDay')}
      </Text>
    );
  // What the last save was refused for on the day, until it changes.
  const refused = (wd: Weekday) => {
    const text = refusal(`weekly.${wd}`);
    return (
      text && (
        <Text size="xs" fw={400} c="var(--mantine-color-error)">
          {text}
        </Text>
      )
    );
  };

  // On a phone the day's two periods go under its name: side by side they left each hour field a few
  // pixels wide, too narrow to show its time.
  if (phone) {
    return (
      <Stack gap="md">
        {WEEKDAYS.map((wd) => {
          const day = dayPeriods(draft, wd);
          const dayName = t(`schedule.days.${wd}`);
          return (
            <Stack key={wd} gap={6} role="group" aria-label={dayName}>
              <Text fw={700}>{dayName}</Text>
              {closed(day)}
              {refused(wd)}
              {period(wd, dayName, day, 0)}
              {period(wd, dayName, day, 1)}
            </Stack>
          );
        })}
      </Stack>
    );
  }

  return (
    <Table>
      <Table.Tbody>
        {WEEKDAYS.map((wd) => {
          const day = dayPeriods(draft, wd);
          const dayName = t(`schedule.days.${wd}`);
          return (
            <Table.Tr key={wd}>
              <Table.Th scope="row">
                {dayName}
                {closed(day)}
                {refused(wd)}
              </Table.Th>
              {([0, 1] as const).map((i) => (
                <Table.Td key={i}>{period(wd, dayName, day, i)}</Table.Td>
              ))}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
