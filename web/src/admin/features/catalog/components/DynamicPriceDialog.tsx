import { Button, Checkbox, Divider, Group, Modal, ScrollArea, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { saveProduct, useCatalogMutation, type StaffProduct } from '@/admin/features/catalog/api/catalog';
import { ConfirmModal } from '@/admin/features/catalog/components/ConfirmModal';
import { PriceRows } from '@/admin/features/catalog/components/PriceRows';
import { useCatalogTexts } from '@/admin/features/catalog/hooks/useCatalogTexts';
import { completeDay, defaultRow, draftOverlaps, readDynamic, WEEKDAYS, writeDynamic, type DynamicDraft } from '@/admin/features/catalog/utils/dynamic';
import { lastExpiration, withData } from '@/admin/features/catalog/utils/product';
import { ApiError } from '@/lib/api/errors';
import { toast } from '@/lib/toast';
import { DateField } from '@/admin/components/DateField';
import { adminFormat } from '@/admin/lib/format';
import { isolate } from '@/lib/format';

interface DynamicPriceDialogProps {
  idCompany: number;
  product: StaffProduct;
  /** The installation's opening and closing (HH:mm): 'complete day' and the overlap rule use them. */
  opening: string;
  closing: string;
  today: string;
  onClose: () => void;
}

/**
 * The dynamic price dialog (700×650, admin spec sections 2, 4 and 5): a switch per weekday (on: one row
 * 00:00-00:00 at 1; off: the day's entry removed), rows of from, to and price, 'complete day', special
 * dates; rows that overlap or leave the opening hours are refused with 'overlappingHours' here and by the
 * server. Saving sets isDynamicPrice; cancelling with changes asks first.
 */
export function DynamicPriceDialog({ idCompany, product, opening, closing, today, onClose }: DynamicPriceDialogProps) {
  const { t, i18n } = useCatalogTexts();
  const format = adminFormat(i18n.resolvedLanguage ?? i18n.language, {});
  const [draft, setDraft] = useState<DynamicDraft>(() => readDynamic(product.data));
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const [newDate, setNewDate] = useState('');
  const change = (d: DynamicDraft) => {
    setDraft(d);
    setDirty(true);
  };
  const mutation = useCatalogMutation(idCompany, (data: string) => saveProduct(product.kind, withData(product, idCompany, data)));

  const save = () => {
    if (draftOverlaps(draft, opening, closing)) {
      toast(t('toast.overlappingHours'));
      return;
    }
    mutation.mutate(writeDynamic(product.data, draft), {
      onSuccess: () => {
        toast(t('toast.setupChanged'), 'green');
        onClose();
      },
      onError: (error) => {
        const overlapping = error instanceof ApiError && Object.keys(error.fields ?? {}).some((k) => k.startsWith('dynamicPrice'));
        toast(overlapping ? t('toast.overlappingHours') : t('toast.error'));
      },
    });
  };
  const cancel = () => (dirty ? setAsking(true) : onClose());

  return (
    <Modal opened onClose={cancel} title={t('dynamic.title', { name: product.name })} size={700} centered closeOnClickOutside={false}>
      <ScrollArea.Autosize mah={650}>
        <Stack gap="sm">
          {WEEKDAYS.map((day) => {
            const rows = draft.days[day];
            const dayName = t(`days.${day}`);
            return (
              <Stack key={day} gap={4}>
                <Group justify="space-between">
                  <Switch
                    label={t('dynamic.enable', { day: dayName })}
                    checked={rows !== undefined}
                    onChange={(e) => {
                      const days = { ...draft.days };
                      if (e.currentTarget.checked) days[day] = [defaultRow()];
                      else delete days[day];
                      change({ ...draft, days });
                    }}
                  />
                  {rows !== undefined && (
                    <Checkbox
                      label={t('dynamic.completeDay')}
                      aria-label={`${dayName}: ${t('dynamic.completeDay')}`}
                      checked={rows.length === 1 && rows[0].from === opening && rows[0].to === closing}
                      onChange={(e) => {
                        if (e.currentTarget.checked) change({ ...draft, days: { ...draft.days, [day]: completeDay(rows, opening, closing) } });
                      }}
                    />
                  )}
                </Group>
                {rows !== undefined && <PriceRows label={dayName} rows={rows} onChange={(r) => change({ ...draft, days: { ...draft.days, [day]: r } })} />}
              </Stack>
            );
          })}
          <Divider />
          <Text fw={500}>{t('dynamic.specialDates')}</Text>
          <Group align="flex-end" gap="xs">
            <DateField label={t('dynamic.date')} minDate={today} maxDate={lastExpiration(today)} value={newDate} onChange={(day) => setNewDate(day ?? '')} />
            <Button
              variant="light"
              disabled={!newDate || draft.dates.some((d) => d.date === newDate)}
              onClick={() => {
                change({ ...draft, dates: [...draft.dates, { date: newDate, rows: [defaultRow()] }].sort((a, b) => a.date.localeCompare(b.date)) });
                setNewDate('');
              }}
            >
              {t('dynamic.addDate')}
            </Button>
          </Group>
          {draft.dates.map((d, i) => (
            <Stack key={d.date} gap={4}>
              <Group justify="space-between">
                <Text size="sm" fw={500}>
                  <bdi>{format.day(d.date)}</bdi>
                </Text>
                <Button size="xs" variant="subtle" color="red" onClick={() => change({ ...draft, dates: draft.dates.filter((_, j) => j !== i) })}>
                  {t('dynamic.removeDate', { date: isolate(format.day(d.date)) })}
                </Button>
              </Group>
              <PriceRows label={format.day(d.date)} rows={d.rows} onChange={(rows) => change({ ...draft, dates: draft.dates.map((x, j) => (j === i ? { ...x, rows } : x)) })} />
            </Stack>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={cancel}>
          {t('dynamic.cancel')}
        </Button>
        <Button loading={mutation.isPending} onClick={save}>
          {t('dynamic.save')}
        </Button>
      </Group>
      <ConfirmModal
        opened={asking}
        title={t('confirm.discardTitle')}
        message={t('confirm.discard')}
        confirmLabel={t('confirm.close')}
        cancelLabel={t('confirm.stay')}
        onCancel={() => setAsking(false)}
        onConfirm={onClose}
      />
    </Modal>
  );
}
