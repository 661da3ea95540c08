import { ActionIcon, Button, Checkbox, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useEventsTexts } from '@/admin/features/events/hooks/useEventsTexts';
import { useFieldError } from '@/admin/features/events/hooks/useFieldError';
import { MAX_FEATURE_TEXT, type EventFormValues } from '@/admin/features/events/utils/event-form';

/**
 * The DATA tab (issue 25): the ticket's product data the server knows as named, explained fields (the
 * registrants' checkbox, a promotion line, the price before an offer, the fewest participants, exclusive),
 * then other data of the circuit's own as key and value. A key/value pair is added when both are filled
 * (admin spec section 5); added values stay editable.
 */
export function DataTab() {
  const { t } = useEventsTexts();
  const { control, register } = useFormContext<EventFormValues>();
  const named = (name: 'checkboxText' | 'promotionText' | 'oldPrice' | 'minParticipant') => ({
    label: t(`data.fields.${name}.label`),
    description: t(`data.fields.${name}.hint`),
    ...register(name),
    error: error(name),
  });
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
      <TextInput {...named('checkboxText')} maxLength={MAX_FEATURE_TEXT} />
      <TextInput {...named('promotionText')} maxLength={MAX_FEATURE_TEXT} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...named('oldPrice')} inputMode="decimal" dir="ltr" />
        <TextInput {...named('minParticipant')} inputMode="numeric" dir="ltr" />
      </SimpleGrid>
      <Checkbox label={t('data.fields.exclusivity.label')} description={t('data.fields.exclusivity.hint')} {...register('exclusivity')} />
      <Title order={3} size="h5" mt="sm">
        {t('data.other')}
      </Title>
      <Text size="sm" c="gray.7">
        {t('data.otherIntro')}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput label={t('data.key')} value={key} onChange={(event) => setKey(event.currentTarget.value)} w={220} />
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
