import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InstallationTabs } from '@/admin/features/settings/components/InstallationTabs';
import type { SettingsState } from '@/admin/features/settings/hooks/useSettings';
import { TimeField } from '@/admin/components/TimeField';

/** Tab 5, General schedule: per installation, the general opening and closing times. */
export function GeneralScheduleTab({ state }: { state: SettingsState }) {
  const { t } = useTranslation('settings');
  return (
    <InstallationTabs drafts={state.drafts}>
      {(d) => (
        <Stack gap="sm">
          <Text size="sm">{t('schedule.generalHint')}</Text>
          <Group>
            <TimeField
              label={t('schedule.opening')}
              value={d.openingDate}
              onChange={(openingDate) => {
                state.update(d.idInstallation, (x) => ({ ...x, openingDate }));
              }}
            />
            <TimeField
              label={t('schedule.closing')}
              value={d.closingDate}
              onChange={(closingDate) => {
                state.update(d.idInstallation, (x) => ({ ...x, closingDate }));
              }}
            />
          </Group>
        </Stack>
      )}
    </InstallationTabs>
  );
}
