import { Group, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useEventsTexts } from '@/admin/features/events/hooks/useEventsTexts';
import { useFieldError } from '@/admin/features/events/hooks/useFieldError';
import { DateTimeField } from '@/admin/components/DateTimeField';
import type { EventFormValues } from '@/admin/features/events/utils/event-form';

/**
 * The details tab: name, price, local product id, stock, team or individual, landing page. Editing, the
 * stock says how many places are taken (it cannot go below) and team or individual stays as created.
 */
export function DetailsTab({ editing = false, placesTaken = 0 }: { editing?: boolean; placesTaken?: number }) {
  const { t } = useEventsTexts();
  const { register, control } = useFormContext<EventFormValues>();
  const error = useFieldError();
  return (
    <Stack gap="sm">
      <TextInput label={t('details.name')} withAsterisk {...register('name')} error={error('name')} data-autofocus />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label={t('details.price')} withAsterisk inputMode="decimal" {...register('price')} error={error('price')} />
        <TextInput label={t('details.idLocalProduct')} withAsterisk {...register('idLocalProduct')} error={error('idLocalProduct')} />
        <TextInput
          label={t('details.stock')}
          description={editing ? t('edit.stockTaken', { taken: placesTaken }) : t('details.stockHint')}
          inputMode="numeric"
          {...register('stock')}
          error={error('stock')}
        />
      </SimpleGrid>
      <Controller
        control={control}
        name="teamEvent"
        render={({ field }) => (
          <Radio.Group
            label={t('details.teamEvent')}
            description={editing ? t('edit.teamFixed') : undefined}
            withAsterisk
            {...field}
            error={error('teamEvent')}
          >
            <Group mt="xs">
              <Radio value="TEAM" label={t('details.team')} disabled={editing} />
              <Radio value="INDIVIDUAL" label={t('details.individual')} disabled={editing} />
            </Group>
          </Radio.Group>
        )}
      />
      <YesNo name="addToLandingPage" label={t('details.addToLandingPage')} />
    </Stack>
  );
}

/** A required yes/no choice as two radio buttons. */
export function YesNo({
  name,
  label,
  onChoose,
  disabled = false,
}: {
  name: 'addToLandingPage' | 'excludingCategory' | 'applyDiscount';
  label: string;
  onChoose?: (value: 'yes' | 'no') => void;
  disabled?: boolean;
}) {
  const { t } = useEventsTexts();
  const { control } = useFormContext<EventFormValues>();
  const error = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Radio.Group
          label={label}
          withAsterisk={name !== 'excludingCategory'}
          name={field.name}
          value={field.value}
          onChange={(value) => {
            if (onChoose) onChoose(value as 'yes' | 'no');
            else field.onChange(value);
          }}
          error={error(name)}
        >
          <Group mt="xs">
            <Radio value="yes" label={t('details.yes')} ref={field.ref} disabled={disabled} />
            <Radio value="no" label={t('details.no')} disabled={disabled} />
          </Group>
        </Radio.Group>
      )}
    />
  );
}

/** The dates tab: start and end, circuit-local date and time. */
export function DatesTab() {
  const { t } = useEventsTexts();
  const { control } = useFormContext<EventFormValues>();
  const error = useFieldError();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {(['dateIni', 'dateEnd'] as const).map((name) => {
        const label = t(name === 'dateIni' ? 'dates.start' : 'dates.end');
        return (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <DateTimeField
                label={label}
                timeLabel={t('dates.time', { field: label })}
                withAsterisk
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={error(name)}
              />
            )}
          />
        );
      })}
    </SimpleGrid>
  );
}
