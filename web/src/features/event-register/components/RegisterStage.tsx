import { Button, Checkbox, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PhoneField } from '@/components/PhoneField';
import { StageHeading } from '@/features/event-register/components/StageHeading';
import { canContinue, type EventFormOptions, type EventFormValues } from '@/features/event-register/utils/event-form';

interface RegisterStageProps {
  form: UseFormReturn<EventFormValues>;
  options: EventFormOptions;
  /** The event registers a team: the name field is the team's name. */
  team: boolean;
  /** The ticket's age-confirmation text; empty when there is none. */
  checkboxText: string;
  companyCountry: string | null;
  focusHeading: boolean;
  /** A field to focus when the stage shows (the first the server refused), instead of the heading. */
  focusField?: FieldPath<EventFormValues> | null;
  onNext: () => void;
}

/** The register stage: participant (or team) name, phone, e-mail twice, categories and the age confirmation. */
export function RegisterStage({ form, options, team, checkboxText, companyCountry, focusHeading, focusField, onNext }: RegisterStageProps) {
  const { t } = useTranslation('eventRegister');
  const { register, control, formState, handleSubmit, setFocus } = form;
  // After the heading's own focus (a child's effect runs first), so the refused field wins.
  useEffect(() => {
    if (focusField) setFocus(focusField);
  }, [focusField, setFocus]);
  const values = useWatch({ control }) as EventFormValues;
  const touched = formState.isDirty || Object.keys(formState.touchedFields).length > 0;
  const nextEnabled = canContinue(values, options, { touched });
  const error = (message: string | undefined) => (message ? t(`errors.${message}` as 'errors.required') : undefined);

  return (
    <Stack gap="lg">
      <StageHeading focus={focusHeading}>{t('register.title')}</StageHeading>
      <Text c="gray.7">{t('register.intro')}</Text>
      <form noValidate onSubmit={handleSubmit(() => onNext())}>
        <Stack gap="md">
          <TextInput
            label={team ? t('form.teamName') : t('form.participantName')}
            description={team ? t('form.teamNameHint') : undefined}
            styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
            required
            autoComplete={team ? 'off' : 'name'}
            maxLength={100}
            error={error(formState.errors.nick?.message)}
            {...register('nick')}
          />
          <Controller
            control={control}
            name="telefono"
            render={({ field, fieldState }) => (
              <PhoneField
                inputRef={field.ref}
                label={t('form.phone')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                companyCountry={companyCountry}
                error={error(fieldState.error?.message)}
              />
            )}
          />
          <TextInput
            type="email"
            dir="ltr"
            label={t('form.email')}
            required
            autoComplete="email"
            error={error(formState.errors.email?.message)}
            {...register('email')}
          />
          <TextInput
            type="email"
            dir="ltr"
            label={t('form.emailConfirmation')}
            required
            autoComplete="off"
            error={error(formState.errors.emailConfirmation?.message)}
            {...register('emailConfirmation')}
          />
          {options.categories.map((category, index) => (
            <Controller
              key={`${category.title}-${index}`}
              control={control}
              name={`categories.${index}`}
              render={({ field, fieldState }) =>
                category.excluding ? (
                  <Radio.Group
                    label={category.title}
                    required
                    value={field.value?.[0] ?? null}
                    onChange={(value) => {
                      field.onChange([value]);
                      field.onBlur();
                    }}
                    error={error(fieldState.error?.message)}
                  >
                    <Group gap="lg" mt="xs">
                      {category.options.map((option) => (
                        <Radio key={option.shortName} value={option.shortName} label={option.name} disabled={option.disabled} />
                      ))}
                    </Group>
                  </Radio.Group>
                ) : (
                  <Checkbox.Group
                    label={category.title}
                    value={field.value ?? []}
                    onChange={(value) => {
                      field.onChange(value);
                      field.onBlur();
                    }}
                    error={error(fieldState.error?.message)}
                  >
                    <Group gap="lg" mt="xs">
                      {category.options.map((option) => (
                        <Checkbox key={option.shortName} value={option.shortName} label={option.name} disabled={option.disabled} />
                      ))}
                    </Group>
                  </Checkbox.Group>
                )
              }
            />
          ))}
          {options.ageCheckbox && (
            <Controller
              control={control}
              name="ageConfirmed"
              render={({ field, fieldState }) => (
                <Checkbox
                  ref={field.ref}
                  label={checkboxText}
                  required
                  checked={field.value}
                  onChange={(event) => {
                    field.onChange(event.currentTarget.checked);
                    field.onBlur();
                  }}
                  error={error(fieldState.error?.message)}
                />
              )}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button type="submit" size="md" disabled={!nextEnabled}>
              {t('next')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
