import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InstallationTabs } from '@/admin/features/settings/components/InstallationTabs';
import { useRefusalText } from '@/admin/features/settings/hooks/useRefusals';
import type { SettingsState } from '@/admin/features/settings/hooks/useSettings';
import { TimeField } from '@/admin/components/TimeField';

/** Tab 5, General schedule: per installation, the general opening and closing times. */
export function GeneralScheduleTab({ state }: { state: SettingsState }) {
  const { t } = useTranslation('settings');
  const text = useRefusalText();
  // What the last save was refused for on an installation's opening or closing, until it changes.
  const refused = (idInstallation: number, field: 'openingDate' | 'closingDate') => {
    const r = state.refused.find((x) => x.idInstallation === idInstallation && x.field === field);
    return r && text(r);
  };
  return (
    <InstallationTabs drafts={state.drafts}>
      {(d) => (
        <Stack gap="sm">
          <Text size="sm">{t('schedule.generalHint')}</Text>
          <Group>
            <TimeField
              label={t('schedule.opening')}
              value={d.openingDate}
              error={refused(d.idInstallation, 'openingDate')}
              onChange={(openingDate) => {
                state.update(d.idInstallation, (x) => ({ ...x, openingDate }));
              }}
            />
            <TimeField
              label={t('schedule.closing')}
              value={d.closingDate}
              error={refused(d.idInstallation, 'closingDate')}
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
