import { Alert, Box, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '@/admin/app/settings/SettingsDialog.module.css';
import { DEFAULT_TAB, SETTINGS_TABS } from '@/admin/app/settings/tabs';
import { TabsOrMenu } from '@/admin/components/TabsOrMenu';
import { Confirm } from '@/admin/features/settings/components/Confirm';
import { useRefusalText } from '@/admin/features/settings/hooks/useRefusals';
import { useSettings } from '@/admin/features/settings/hooks/useSettings';
import { settingsToast } from '@/admin/features/settings/utils/toasts';
import { useLeaveGuard } from '@/admin/hooks/useLeaveGuard';
import { adminFormat } from '@/admin/lib/format';
import { mayOpenSettingsTab, type StaffRole } from '@/admin/lib/roles';
import { isolate } from '@/lib/format';

interface SettingsDialogProps {
  idCompany: number;
  /** The user's role in the company: tabs it may not open are left out (the dialog itself is ADMIN's). */
  role?: StaffRole;
  onClose: () => void;
  /** Called with the user's new name after My account saved it. */
  onNameChange?: (name: string) => void;
}

/**
 * The settings dialog (admin spec section 2): vertical tabs 1–9 (a menu on a phone), not closed by an outside click or
 * Escape; the Cancel/Save bar (hidden on tabs 6 and 7) saves behind a confirmation; leaving with
 * unsaved changes asks first. A save that someone else's save overtook keeps the edits and says so.
 */
export function SettingsDialog({ idCompany, role = 'ADMIN', onClose, onNameChange }: SettingsDialogProps) {
  const { t, i18n } = useTranslation('settings');
  const format = adminFormat(i18n.resolvedLanguage ?? i18n.language, {});
  const state = useSettings(idCompany);
  const [tab, setTab] = useState(String(DEFAULT_TAB));
  const [ask, setAsk] = useState<'save' | 'leave' | 'back'>();
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<'conflict' | 'invalid'>();
  const refusalText = useRefusalText();
  const tabs = SETTINGS_TABS.filter((e) => mayOpenSettingsTab(role, e.label));
  // A refused save: its errors are on their fields, the notice names their tabs (a user may be on another)
  // and says in a sentence what no field shows.
  const tabName = (e: (typeof tabs)[number]) => `${e.id}. ${t(`tabs.${e.label}`)}`;
  const refusedTabs = tabs.filter((e) => state.refused.some((r) => r.tab === e.label));
  const unplaced = state.refused.filter((r) => !r.field);
  const entry = tabs.find((e) => String(e.id) === tab);
  const saveRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [saves, setSaves] = useState(0);

  // After a save the confirmation's focus return finds Save disabled (loading, then nothing to save) and
  // the focus would fall out of the dialog: put it back on Save when there is still something to save
  // (a conflict, invalid settings), on Cancel otherwise, so Tab goes on inside the dialog.
  useEffect(() => {
    if (saves === 0) return;
    const save = saveRef.current;
    (save && !save.disabled ? save : cancelRef.current)?.focus();
  }, [saves]);

  // Leaving the page (reload, closing the tab, Back) with unsaved settings asks too.
  const guard = useLeaveGuard({ dirty: state.dirty, onBack: () => setAsk('back'), onLeave: onClose });

  const leave = () => (state.dirty ? setAsk('leave') : onClose());

  const save = async () => {
    setAsk(undefined);
    setSaving(true);
    setNotice(undefined);
    const outcome = await state.save();
    setSaving(false);
    setSaves((n) => n + 1);
    switch (outcome.kind) {
      case 'saved':
        if (outcome.weekDayClosed.length > 0) settingsToast(t('weekDayClosed', { dates: outcome.weekDayClosed.map((day) => isolate(format.day(day))).join(', ') }), 'warning');
        else settingsToast(t('saved'), 'success');
        break;
      case 'conflict':
        setNotice('conflict');
        break;
      case 'invalid': {
        setNotice('invalid');
        const all = Object.values(outcome.fields).join(' ');
        if (all.includes('overlappingHours')) settingsToast(t('overlappingHours'), 'error');
        else if (all.includes('dateExists')) settingsToast(t('dateExists'), 'error');
        break;
      }
      default:
        settingsToast(t('failed'), 'error');
    }
  };

  const loadingText = state.step === 'variants' || state.step === 'config' ? t('loading.variants') : undefined;

  return (
    <Modal
      opened
      onClose={leave}
      title={t('title')}
      size="80rem"
      closeOnClickOutside={false}
      closeOnEscape={false}
      closeButtonProps={{ 'aria-label': t('close') }}
      classNames={{ content: classes.content }}
    >
      {loadingText ? (
        <Group gap="sm" role="status" py="xl" justify="center">
          <Loader size="sm" />
          <Text>{loadingText}</Text>
        </Group>
      ) : state.step === 'failed' ? (
        <Alert color="red" role="alert">
          {t('loadFailed')}{' '}
          <Button variant="subtle" size="xs" onClick={state.reload}>
            {t('retry')}
          </Button>
        </Alert>
      ) : (
        <Stack gap="md">
          {notice === 'conflict' && (
            <Alert color="orange" role="alert">
              {t('conflict')}{' '}
              <Button variant="subtle" size="xs" onClick={() => { setNotice(undefined); state.reload(); }}>
                {t('reload')}
              </Button>
            </Alert>
          )}
          {notice === 'invalid' && (
            <Alert color="red" role="alert">
              {t('invalid')}
              {refusedTabs.length > 0 && ` ${t('refused.tabs', { tabs: refusedTabs.map(tabName).join(t('refused.separator')) })}`}
              {unplaced.length > 0 && (
                <Box component="ul" m={0}>
                  {unplaced.map((r) => (
                    <li key={r.path}>
                      <Text span size="sm">
                        {refusalText(r)}
                      </Text>
                    </li>
                  ))}
                </Box>
              )}
            </Alert>
          )}
          <TabsOrMenu
            orientation="vertical"
            value={tab}
            onChange={setTab}
            label={t('sections')}
            items={tabs.map((e) => ({ value: String(e.id), label: tabName(e), disabled: e.disabled, marked: refusedTabs.includes(e) }))}
            panelProps={{ px: 'md', mih: 420 }}
          >
            {(value) => tabs.find((e) => String(e.id) === value)?.render({ idCompany, role, state, onNameChange })}
          </TabsOrMenu>
          {!entry?.hideSaveBar && (
            <Group justify="flex-end" gap="sm">
              <Button ref={cancelRef} variant="default" onClick={leave}>
                {t('cancel')}
              </Button>
              <Button ref={saveRef} onClick={() => setAsk('save')} loading={saving} disabled={!state.dirty}>
                {t('save')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
      <Confirm opened={ask === 'save'} title={t('confirmSave.title')} accept={t('confirmSave.accept')} onAccept={() => void save()} onCancel={() => setAsk(undefined)}>
        {t('confirmSave.body')}
      </Confirm>
      <Confirm
        opened={ask === 'leave' || ask === 'back'}
        title={t('leave.title')}
        accept={t('leave.accept')}
        cancel={t('leave.stay')}
        danger
        onAccept={() => {
          if (ask === 'back') guard.goBack();
          setAsk(undefined);
          onClose();
        }}
        onCancel={() => setAsk(undefined)}
      >
        {t('leave.body')}
      </Confirm>
    </Modal>
  );
}
