import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { TabsOrMenu } from '@/admin/components/TabsOrMenu';
import { useCreateEvent, type CreatedEvent } from '@/admin/features/events/api/create-event';
import { useUpdateEvent } from '@/admin/features/events/api/full-event';
import { EventAddress } from '@/admin/features/events/components/EventAddress';
import { CategoriesTab } from '@/admin/features/events/components/CategoriesTab';
import { DataTab } from '@/admin/features/events/components/DataTab';
import { DatesTab, DetailsTab } from '@/admin/features/events/components/DetailsTabs';
import { DiscountsTab } from '@/admin/features/events/components/DiscountsTab';
import { TemplateTab } from '@/admin/features/events/components/TemplateTab';
import { useEventsTexts } from '@/admin/features/events/hooks/useEventsTexts';
import {
  EMPTY_EVENT_FORM,
  eventFormSchema,
  fieldsOf,
  formFieldOf,
  fromFullEvent,
  isTabUnlocked,
  serverMessage,
  TAB_OF,
  TABS,
  tabsWithErrors,
  toPayload,
  toUpdatePayload,
  type EventFormValues,
  type FullEvent,
  type Tab,
} from '@/admin/features/events/utils/event-form';
import { useLeaveGuard } from '@/admin/hooks/useLeaveGuard';
import { ApiError } from '@/lib/api/errors';
import { serverFieldErrors } from '@/lib/api/field-errors';
import { toast } from '@/lib/toast';
import classes from '@/admin/features/events/components/CreateEventDialog.module.css';

interface CreateEventDialogProps {
  idCompany: number;
  onClose: () => void;
  /** The event to edit, as read for the form (the calendar's Edit); absent: a new event. */
  editing?: FullEvent;
  /** After an edit is saved: the event as now stored. */
  onSaved?: (saved: FullEvent) => void;
}

/** What every tab gets: the company, and in edit mode the places already taken. */
export interface PanelProps {
  idCompany: number;
  editing?: boolean;
  placesTaken?: number;
}

const PANELS: Record<Tab, (props: PanelProps) => React.JSX.Element> = {
  details: DetailsTab,
  data: DataTab,
  dates: DatesTab,
  categories: CategoriesTab,
  template: TemplateTab,
  discounts: DiscountsTab,
};

/**
 * The create-event dialog (admin spec sections 2–5): six tabs in order, each unlocked only when the
 * earlier ones have no errors; clear empties the form and returns to details; next checks the tab and
 * moves on; the last tab submits with a loading button. On success the dialog shows the event's public
 * address, whole, to copy or open; the server's field errors are placed on their fields (its tab is opened); any
 * other failure is a generic toast. Mounted once per opening (a fresh form each time). Once something is
 * typed, closing (Escape, the close button), Clear, the browser's Back and leaving the page ask before the
 * form is thrown away (useLeaveGuard).
 *
 * With `editing` (the calendar's Edit, issue 25) the same form opens filled with the stored event: saving
 * sends the changes based on the version read (POST /api/event/updateFullEvent), Clear becomes "Undo
 * changes", whether the event is by teams and its discount code are shown but not edited; a stale save
 * or fewer places than are taken (409) are said in the dialog and nothing is lost.
 */
export function CreateEventDialog({ idCompany, onClose, editing, onSaved }: CreateEventDialogProps) {
  const { t } = useEventsTexts();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('details');
  const initial = useMemo(() => (editing ? fromFullEvent(editing) : EMPTY_EVENT_FORM), [editing]);
  const form = useForm<EventFormValues>({
    defaultValues: initial,
    resolver: zodResolver(eventFormSchema),
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control }) as EventFormValues;
  const withErrors = useMemo(() => tabsWithErrors({ ...EMPTY_EVENT_FORM, ...values }), [values]);
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const pending = create.isPending || update.isPending;
  const [stale, setStale] = useState(false);
  const index = TABS.indexOf(tab);
  const last = index === TABS.length - 1;
  const dirty = form.formState.isDirty;
  // What waits for "Discard changes?": closing the dialog, clearing the form, or the browser's Back.
  const [discarding, setDiscarding] = useState<'close' | 'clear' | 'back'>();
  const [created, setCreated] = useState<CreatedEvent | null>(null);

  // Leaving the page (reload, another address, closing the tab, Back) with a half-filled event asks too.
  const guard = useLeaveGuard({ dirty: dirty && !created, onBack: () => setDiscarding('back'), onLeave: onClose });

  const next = async () => {
    const ok = await form.trigger(fieldsOf(tab), { shouldFocus: true });
    if (ok && !withErrors.has(tab)) setTab(TABS[index + 1]);
  };

  const clear = () => {
    form.reset(initial);
    setTab('details');
  };

  const close = () => {
    if (pending) return;
    if (dirty) setDiscarding('close');
    else onClose();
  };

  const discard = () => {
    const what = discarding;
    setDiscarding(undefined);
    if (what === 'back') guard.goBack();
    if (what === 'clear') clear();
    else onClose();
  };

  const failed = (error: unknown) => {
    if (editing && error instanceof ApiError && error.status === 409) {
      if (error.fields?.['event.maxStock']) {
        form.setError('stock', { type: 'server', message: 'belowTaken' });
        setTab('details');
        toast(t('create.checkTabs'));
      } else {
        setStale(true);
      }
      return;
    }
    const fields = serverFieldErrors(error);
    if (!fields) {
      toast(t(editing ? 'edit.failed' : 'create.failed'));
      return;
    }
    const current = form.getValues();
    let first: Tab | null = null;
    for (const [serverField, message] of Object.entries(fields)) {
      const name = formFieldOf(serverField, current);
      if (!name) continue;
      form.setError(name, { type: 'server', message: serverMessage(message) });
      const fieldTab = TAB_OF[name.split('.')[0] as keyof EventFormValues];
      if (first === null || TABS.indexOf(fieldTab) < TABS.indexOf(first)) first = fieldTab;
    }
    if (first) setTab(first);
    toast(first ? t('create.checkTabs') : t(editing ? 'edit.failed' : 'create.failed'));
  };

  const submit = form.handleSubmit(
    (valid) => {
      if (editing) {
        update.mutate(toUpdatePayload(idCompany, editing, valid), {
          onSuccess: (saved) => {
            void queryClient.invalidateQueries({ queryKey: ['admin', 'events'] });
            toast(t('edit.saved'));
            onSaved?.(saved);
          },
          onError: failed,
        });
        return;
      }
      create.mutate(toPayload(idCompany, valid), {
        onSuccess: (created) => {
          void queryClient.invalidateQueries({ queryKey: ['admin', 'events'] });
          setCreated(created);
        },
        onError: failed,
      });
    },
    (errors) => {
      // The first tab with an error opens, its field focused.
      const names = Object.keys(errors) as (keyof EventFormValues)[];
      const first = TABS.find((candidate) => names.some((name) => TAB_OF[name] === candidate));
      if (first) {
        setTab(first);
        form.setFocus(fieldsOf(first).find((name) => names.includes(name)) as FieldPath<EventFormValues>);
      }
    },
  );

  if (created) {
    return (
      <Modal opened onClose={onClose} title={t('create.createdTitle')} size="lg" closeButtonProps={{ 'aria-label': t('create.close') }}>
        <Stack gap="md">
          <Text>{t('create.createdBody')}</Text>
          <EventAddress url={created.url} />
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {t('create.done')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal
      opened
      onClose={close}
      title={t(editing ? 'edit.title' : 'create.title')}
      size="xl"
      closeOnClickOutside={false}
      // While "Discard changes?" is open, Escape answers it (keep editing), not this dialog.
      closeOnEscape={discarding === undefined}
      closeButtonProps={{ 'aria-label': t('create.close') }}
      classNames={{ content: classes.content }}
    >
      {stale && (
        <Alert color="orange" role="alert" mb="md" title={t('edit.staleTitle')}>
          {t('edit.stale')}
        </Alert>
      )}
      <FormProvider {...form}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (last) void submit();
            else void next();
          }}
        >
          <TabsOrMenu
            value={tab}
            onChange={(value) => isTabUnlocked(value, withErrors) && setTab(value)}
            label={t('create.tabs.label')}
            items={TABS.map((name) => ({ value: name, label: t(`create.tabs.${name}`), disabled: !isTabUnlocked(name, withErrors) }))}
            listMb="md"
          >
            {(name) => {
              const Panel = PANELS[name];
              return <Panel idCompany={idCompany} editing={editing !== undefined} placesTaken={editing?.placesTaken} />;
            }}
          </TabsOrMenu>
          <Group justify="space-between" mt="lg">
            <Button variant="default" onClick={() => (dirty ? setDiscarding('clear') : clear())} disabled={pending}>
              {t(editing ? 'edit.reset' : 'create.clear')}
            </Button>
            {last ? (
              <Button type="submit" loading={pending}>
                {t(editing ? 'edit.submit' : 'create.submit')}
              </Button>
            ) : (
              <Button type="submit">{t('create.next')}</Button>
            )}
          </Group>
        </form>
      </FormProvider>
      <Modal
        opened={discarding !== undefined}
        onClose={() => setDiscarding(undefined)}
        title={t('discard.title')}
        centered
        size="sm"
        zIndex={400}
        closeButtonProps={{ 'aria-label': t('create.close') }}
      >
        <Text size="sm">{t(editing ? 'discard.bodyEdit' : 'discard.body')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDiscarding(undefined)} data-autofocus>
            {t('discard.keep')}
          </Button>
          <Button color="red" onClick={discard}>
            {t('discard.accept')}
          </Button>
        </Group>
      </Modal>
    </Modal>
  );
}
