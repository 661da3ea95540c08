import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { DateField } from '@/admin/components/DateField';
import { YesNo } from '@/admin/features/events/components/DetailsTabs';
import { useEventsTexts } from '@/admin/features/events/hooks/useEventsTexts';
import { useFieldError } from '@/admin/features/events/hooks/useFieldError';
import { chooseDiscount, type EventFormValues } from '@/admin/features/events/utils/event-form';

const DISCOUNT_FIELDS = ['applyDiscount', 'discountId', 'discountPrice', 'expirationDate', 'discountStock'] as const;

/**
 * The discounts tab: whether a discount applies and, when it does, its code, value, expiration date and
 * number of uses. Choosing 'No' clears code, value, date and uses (admin spec section 4). Editing an event,
 * the code is shown as created and cannot be changed (POST /api/event/updateFullEvent leaves it).
 */
export function DiscountsTab({ editing = false }: { editing?: boolean }) {
  const { t } = useEventsTexts();
  const { register, control, getValues, setValue, clearErrors } = useFormContext<EventFormValues>();
  const error = useFieldError();
  const apply = useWatch({ control, name: 'applyDiscount' });

  const choose = (choice: 'yes' | 'no') => {
    const next = chooseDiscount(getValues(), choice);
    for (const field of DISCOUNT_FIELDS) setValue(field, next[field], { shouldDirty: true });
    clearErrors([...DISCOUNT_FIELDS]);
  };

  return (
    <Stack gap="sm">
      {editing && (
        <Text size="sm" c="gray.7">
          {t('edit.discountFixed')}
        </Text>
      )}
      <YesNo name="applyDiscount" label={t('discounts.apply')} onChoose={choose} disabled={editing} />
      {apply === 'yes' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('discounts.code')} withAsterisk autoComplete="off" {...register('discountId')} readOnly={editing} error={error('discountId')} />
          <TextInput
            label={t('discounts.price')}
            description={t('discounts.priceHint')}
            withAsterisk
            inputMode="decimal"
            {...register('discountPrice')} readOnly={editing}
            error={error('discountPrice')}
          />
          <Controller
            control={control}
            name="expirationDate"
            render={({ field }) => (
              <DateField
                label={t('discounts.expirationDate')}
                description={t('discounts.expirationHint')}
                name={field.name}
                value={field.value || null}
                onChange={(day) => field.onChange(day ?? '')}
                onBlur={field.onBlur}
                error={error('expirationDate')}
                readOnly={editing}
              />
            )}
          />
          <TextInput
            label={t('discounts.stock')}
            description={t('discounts.stockHint')}
            inputMode="numeric"
            {...register('discountStock')} readOnly={editing}
            error={error('discountStock')}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
