import { ActionIcon, Autocomplete, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useEventsTexts } from '@/admin/features/events/hooks/useEventsTexts';
import { useFieldError } from '@/admin/features/events/hooks/useFieldError';
import { KNOWN_FEATURES, type EventFormValues } from '@/admin/features/events/utils/event-form';

/**
 * The DATA tab: the product data as key/value features. A feature is added when both its key and value
 * are filled (admin spec section 5); the known keys are offered. Added values stay editable.
 */
export function DataTab() {
  const { t } = useEventsTexts();
  const { control, register } = useFormContext<EventFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'features' });
  const error = useFieldError();
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const canAdd = key.trim() !== '' && value.trim() !== '';

  const add = () => {
    if (!canAdd) return;
    append({ key: key.trim(), value: value.trim() });
    setKey('');
    setValue('');
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="gray.7">
        {t('data.intro')}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Autocomplete label={t('data.key')} data={[...KNOWN_FEATURES]} value={key} onChange={setKey} w={220} />
        <TextInput
          label={t('data.value')}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          w={220}
        />
        <Button variant="light" onClick={add} disabled={!canAdd}>
          {t('data.add')}
        </Button>
      </Group>
      {fields.length === 0 ? (
        <Text c="gray.7">{t('data.empty')}</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('data.key')}</Table.Th>
              <Table.Th>{t('data.value')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field, i) => (
              <Table.Tr key={field.id}>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {field.key}
                  </Text>
                  {error(`features.${i}.key`) && (
                    <Text size="xs" c="red.8" role="alert">
                      {error(`features.${i}.key`)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`${t('data.value')}: ${field.key}`}
                    {...register(`features.${i}.value`)}
                    error={error(`features.${i}.value`)}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" onClick={() => remove(i)} aria-label={t('data.remove', { key: field.key })}>
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
