import { ActionIcon, Button, Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { YesNo } from '@/admin/features/events/components/DetailsTabs';
import { useEventsTexts } from '@/admin/features/events/hooks/useEventsTexts';
import { useFieldError } from '@/admin/features/events/hooks/useFieldError';
import type { EventFormValues } from '@/admin/features/events/utils/event-form';

const EMPTY_OPTION = { name: '', shortName: '', checked: false, disabled: false };

/**
 * The categories tab: an optional category with a title, whether its options exclude each other, and its
 * options (name, short name, ticked by default, not available). An option is added when both names are
 * filled (admin spec section 5).
 */
export function CategoriesTab() {
  const { t } = useEventsTexts();
  const { control, register, trigger, formState } = useFormContext<EventFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'categoryOptions' });
  const error = useFieldError();
  const [option, setOption] = useState(EMPTY_OPTION);
  const canAdd = option.name.trim() !== '' && option.shortName.trim() !== '';

  const add = () => {
    if (!canAdd) return;
    append({ ...option, name: option.name.trim(), shortName: option.shortName.trim() });
    setOption(EMPTY_OPTION);
    // The tab's rules read the options: an error shown for a missing option goes once one is added.
    if (formState.errors.categoryOptions || formState.errors.excludingCategory) void trigger(['categoryOptions', 'excludingCategory']);
  };

  return (
    <Stack gap="sm">
      <TextInput label={t('categories.title')} {...register('categoryTitle')} error={error('categoryTitle')} />
      <YesNo name="excludingCategory" label={t('categories.excluding')} />
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" fw={500} size="sm" mb="xs">
          {t('categories.options')}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('categories.optionName')}
            value={option.name}
            onChange={(event) => setOption({ ...option, name: event.currentTarget.value })}
            w={200}
          />
          <TextInput
            label={t('categories.shortName')}
            value={option.shortName}
            onChange={(event) => setOption({ ...option, shortName: event.currentTarget.value })}
            w={140}
          />
          <Checkbox
            label={t('categories.checked')}
            checked={option.checked}
            onChange={(event) => setOption({ ...option, checked: event.currentTarget.checked })}
            mb={8}
          />
          <Checkbox
            label={t('categories.disabled')}
            checked={option.disabled}
            onChange={(event) => setOption({ ...option, disabled: event.currentTarget.checked })}
            mb={8}
          />
          <Button variant="light" onClick={add} disabled={!canAdd}>
            {t('categories.add')}
          </Button>
        </Group>
      </fieldset>
      {error('categoryOptions') && (
        <Text size="sm" c="red.8" role="alert">
          {error('categoryOptions')}
        </Text>
      )}
      {fields.length === 0 ? (
        <Text c="gray.7">{t('categories.empty')}</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('categories.optionName')}</Table.Th>
              <Table.Th>{t('categories.shortName')}</Table.Th>
              <Table.Th>{t('categories.checked')}</Table.Th>
              <Table.Th>{t('categories.disabled')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field, i) => (
              <Table.Tr key={field.id}>
                <Table.Td>{field.name}</Table.Td>
                <Table.Td>{field.shortName}</Table.Td>
                <Table.Td>{field.checked ? t('details.yes') : t('details.no')}</Table.Td>
                <Table.Td>{field.disabled ? t('details.yes') : t('details.no')}</Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" onClick={() => remove(i)} aria-label={t('categories.remove', { name: field.name })}>
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
