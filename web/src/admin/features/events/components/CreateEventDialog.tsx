import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useCreateEvent, type CreatedEvent } from '@/admin/features/events/api/create-event';
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
  isTabUnlocked,
  serverMessage,
  TAB_OF,
  TABS,
  tabsWithErrors,
  toPayload,
  type EventFormValues,
  type Tab,
} from '@/admin/features/events/utils/event-form';
import { serverFieldErrors } from '@/lib/api/field-errors';
import { toast } from '@/lib/toast';
import classes from '@/admin/features/events/components/CreateEventDialog.module.css';

interface CreateEventDialogProps {
  idCompany: number;
  onClose: () => void;
}

const PANELS: Record<Tab, (props: { idCompany: number }) => React.JSX.Element> = {
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
 * typed, closing (Escape, the close button), Clear and leaving the page ask before the form is thrown away.
 */
export function CreateEventDialog({ idCompany, onClose }: CreateEventDialogProps) {
  const { t } = useEventsTexts();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('details');
  const form = useForm<EventFormValues>({
    defaultValues: EMPTY_EVENT_FORM,
    resolver: zodResolver(eventFormSchema),
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control }) as EventFormValues;
  const withErrors = useMemo(() => tabsWithErrors({ ...EMPTY_EVENT_FORM, ...values }), [values]);
  const create = useCreateEvent();
  const index = TABS.indexOf(tab);
  const last = index === TABS.length - 1;
  const dirty = form.formState.isDirty;
  // What waits for "Discard changes?": closing the dialog or clearing the form.
  const [discarding, setDiscarding] = useState<'close' | 'clear'>();
  const [created, setCreated] = useState<CreatedEvent | null>(null);

  // Leaving the page (reload, another address, closing the tab) with a half-filled event asks too.
  useEffect(() => {
    if (!dirty || created) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, created]);

  const next = async () => {
    const ok = await form.trigger(fieldsOf(tab), { shouldFocus: true });
    if (ok && !withErrors.has(tab)) setTab(TABS[index + 1]);
  };

  const clear = () => {
    form.reset(EMPTY_EVENT_FORM);
    setTab('details');
  };

  const close = () => {
    if (create.isPending) return;
    if (dirty) setDiscarding('close');
    else onClose();
  };

  const discard = () => {
    const what = discarding;
    setDiscarding(undefined);
    if (what === 'close') onClose();
    else clear();
  };

  const submit = form.handleSubmit(
    (valid) => {
      create.mutate(toPayload(idCompany, valid), {
        onSuccess: (created) => {
          void queryClient.invalidateQueries({ queryKey: ['admin', 'events'] });
          setCreated(created);
        },
        onError: (error) => {
          const fields = serverFieldErrors(error);
          if (!fields) {
            toast(t('create.failed'));
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
          toast(first ? t('create.checkTabs') : t('create.failed'));
        },
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
      title={t('create.title')}
      size="xl"
      closeOnClickOutside={false}
      // While "Discard changes?" is open, Escape answers it (keep editing), not this dialog.
      closeOnEscape={discarding === undefined}
      closeButtonProps={{ 'aria-label': t('create.close') }}
      classNames={{ content: classes.content }}
    >
      <FormProvider {...form}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (last) void submit();
            else void next();
          }}
        >
          <Tabs value={tab} onChange={(value) => value && isTabUnlocked(value as Tab, withErrors) && setTab(value as Tab)} keepMounted={false}>
            <Tabs.List aria-label={t('create.tabs.label')} mb="md">
              {TABS.map((name) => (
                <Tabs.Tab key={name} value={name} disabled={!isTabUnlocked(name, withErrors)}>
                  {t(`create.tabs.${name}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {TABS.map((name) => {
              const Panel = PANELS[name];
              return (
                <Tabs.Panel key={name} value={name}>
                  <Panel idCompany={idCompany} />
                </Tabs.Panel>
              );
            })}
          </Tabs>
          <Group justify="space-between" mt="lg">
            <Button variant="default" onClick={() => (dirty ? setDiscarding('clear') : clear())} disabled={create.isPending}>
              {t('create.clear')}
            </Button>
            {last ? (
              <Button type="submit" loading={create.isPending}>
                {t('create.submit')}
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
        <Text size="sm">{t('discard.body')}</Text>
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
