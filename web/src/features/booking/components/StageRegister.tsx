import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { searchMember, type Member } from '@/features/booking/api/search-member';
import { PhoneField } from '@/components/PhoneField';
import { StageHeading } from '@/features/booking/components/StageHeading';
import classes from '@/features/booking/components/Wizard.module.css';
import { useWizard } from '@/features/booking/components/WizardProvider';
import { NextHint, NEXT_HINT_ID } from '@/features/booking/components/NextHint';
import { autoFillNames, repeatedEmailIndexes } from '@/features/booking/utils/drivers';
import { todayISO } from '@/features/booking/utils/format';
import { isPack } from '@/features/booking/utils/product';
import {
  birthDateRange,
  emptyRegisterValues,
  GIFT_MESSAGE_MAX,
  registerSchema,
  type RegisterValues,
} from '@/features/booking/utils/register-schema';
import { registerHint } from '@/features/booking/utils/register-hint';
import { registerOrder } from '@/features/booking/utils/server-errors';
import { randomCode } from '@/features/booking/utils/storage';
import { applyFieldErrors } from '@/lib/api/field-errors';
import { isEmailConfirmed, isValidEmail, isValidPhone } from '@/lib/validation';

/** Mantine's descriptions are too light for WCAG AA contrast on white; this grey is readable. */
const readable = { description: { color: 'var(--mantine-color-gray-7)' } };

/**
 * How long typing must pause on a complete address before it is looked up among the members: long
 * enough that a typist's next key comes first, short enough that the name fills in as they look up.
 */
const MEMBER_LOOKUP_DEBOUNCE_MS = 400;

/** The form's values for a number of drivers, keeping what was typed before. */
function initialValues(saved: RegisterValues | null, drivers: number): RegisterValues {
  const empty = emptyRegisterValues(drivers);
  if (!saved) return empty;
  return { ...empty, ...saved, drivers: empty.drivers.map((d, i) => saved.drivers[i] ?? d) };
}

/**
 * Looks each driver's e-mail up among the company's members: only a complete address (a valid e-mail),
 * once typing pauses on it, and never twice for the same address (the answer is kept, for every driver).
 * A member found fills the driver's name with the member's nickname and locks it; not a member (the
 * server's `found: false`) is an answer like any other and changes nothing. Changing an address cancels its pending
 * lookup and unlocks the name.
 */
function useMemberLookup(control: Control<RegisterValues>, setValue: UseFormSetValue<RegisterValues>, idCompany: number, enabled: boolean) {
  const drivers = useWatch({ control, name: 'drivers' });
  const key = drivers.map((d) => d.email.trim().toLowerCase()).join('\n');
  /** The address each driver's entry was last settled for (looked up, answered from memory, or not an address). */
  const settled = useRef<Map<number, string>>(new Map());
  /** The answers so far, by address: a member, or null for not a member. */
  const answers = useRef<Map<string, Member | null>>(new Map());
  /** The lookup waiting or on its way for a driver's entry. */
  const pending = useRef<Map<number, { email: string; timer: number; controller: AbortController }>>(new Map());
  const latestDrivers = useRef(drivers);
  // eslint-disable-next-line react-hooks/refs -- the latest value for effects and callbacks that must not re-run when it changes, written during render on purpose
  latestDrivers.current = drivers;

  useEffect(() => {
    if (!enabled) return;
    const apply = (index: number, member: Member | null) => {
      if (!member) return;
      setValue(`drivers.${index}.name`, member.nick, { shouldValidate: true, shouldTouch: true, shouldDirty: true });
      setValue(`drivers.${index}.isCloudMember`, true);
    };
    key.split('\n').forEach((email, index) => {
      if (settled.current.get(index) === email) return;
      const waiting = pending.current.get(index);
      if (waiting?.email === email) return;
      if (waiting) {
        window.clearTimeout(waiting.timer);
        waiting.controller.abort();
        pending.current.delete(index);
      }
      if (latestDrivers.current[index]?.isCloudMember) {
        // The address changed: the member's lock goes, the name stays editable.
        setValue(`drivers.${index}.isCloudMember`, false);
      }
      const known = answers.current.get(email);
      if (!isValidEmail(email) || known !== undefined) {
        settled.current.set(index, email);
        if (known) apply(index, known);
        return;
      }
      const controller = new AbortController();
      const timer = window.setTimeout(() => {
        searchMember(email, idCompany, controller.signal)
          .then((member) => {
            answers.current.set(email, member);
            settled.current.set(index, email);
            pending.current.delete(index);
            apply(index, member);
          })
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            pending.current.delete(index);
            console.warn('member lookup failed', error);
          });
      }, MEMBER_LOOKUP_DEBOUNCE_MS);
      pending.current.set(index, { email, timer, controller });
    });
  }, [key, enabled, idCompany, setValue]);

  // Leaving the stage cancels what is still waiting.
  useEffect(() => {
    const waiting = pending.current;
    return () => {
      waiting.forEach(({ timer, controller }) => {
        window.clearTimeout(timer);
        controller.abort();
      });
      waiting.clear();
    };
  }, []);
}

/** Stage 2: the contact form, one entry per driver, confirmations, offers and the optional gift. */
export function StageRegister() {
  const { t } = useTranslation('booking');
  const { t: ts } = useTranslation('bookingSteps');
  const { config, product, state, dispatch, goTo, voucherMode, paymentsActive, deskStaff, serverErrors, setServerErrors } = useWizard();
  // A walk-in taken by staff at the counter: the e-mail is optional and asked once, no legal-age box.
  const desk = deskStaff !== null;
  const today = todayISO();
  const schema = useMemo(
    () =>
      registerSchema({
        showEmails: config.showEmails,
        emailOptional: config.emailOptional,
        voucherMode,
        paymentsActive,
        today,
        desk,
      }),
    [config.showEmails, config.emailOptional, voucherMode, paymentsActive, today, desk],
  );
  const form = useForm<RegisterValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: initialValues(state.form, state.drivers),
  });
  const { register, control, handleSubmit, formState, setValue, getValues, trigger, setError, setFocus } = form;
  const { fields } = useFieldArray({ control, name: 'drivers' });
  const [email, emailConfirmation, telefono, isSendPresentChecked, presentMessage, drivers] = useWatch({
    control,
    name: ['email', 'emailConfirmation', 'telefono', 'isSendPresentChecked', 'presentMessage', 'drivers'],
  });
  const allValues = useWatch({ control });
  useMemberLookup(control, setValue, config.idCompany, config.showEmails);
  const range = birthDateRange(today);
  const confirmed = desk || isEmailConfirmed(email, emailConfirmation);
  const repeated = config.showEmails ? repeatedEmailIndexes(drivers.map((d) => d.email)) : [];
  const touched = formState.isDirty || Object.keys(formState.touchedFields).length > 0;
  const canContinue = formState.isValid && touched && confirmed && isValidPhone(telefono) && repeated.length === 0;
  // The hint names the first thing missing, top to bottom, by the rules that keep Next disabled.
  const blocked = canContinue ? null : t(`nextHint.${registerHint(schema, allValues as RegisterValues) ?? 'fillIn'}`);
  const autoFillRef = useRef(false);
  const error = (message: string | undefined) => (message ? t(`errors.${message}` as 'errors.required') : undefined);

  // Errors the server found on save (a 422) are shown on their fields, the first invalid one focused; they
  // are taken once, when the stage opens.
  const [pendingServerErrors] = useState(serverErrors);
  useEffect(() => {
    if (pendingServerErrors) setServerErrors(null);
  }, [pendingServerErrors, setServerErrors]);

  // A restored form (coming back to this stage) shows its errors at once: the server's, else the rules'.
  const driverCount = state.drivers;
  useEffect(() => {
    if (pendingServerErrors) applyFieldErrors({ setError, setFocus }, pendingServerErrors, registerOrder(driverCount));
    else if (state.form) void trigger();
  }, [pendingServerErrors, state.form, trigger, setError, setFocus, driverCount]);

  if (!product) return null;

  const autoFill = (checked: boolean) => {
    autoFillRef.current = checked;
    if (!checked) return; // turning it off keeps the names
    autoFillNames(fields.length, ts('register.driverBase')).forEach((name, i) => {
      if (!getValues(`drivers.${i}.isCloudMember`)) {
        setValue(`drivers.${i}.name`, name, { shouldValidate: true, shouldTouch: true, shouldDirty: true });
      }
    });
  };

  const submit = handleSubmit((values) => {
    dispatch({ type: 'saveForm', form: values });
    dispatch({
      type: 'pushItem',
      item: {
        productId: product.id,
        name: product.name,
        type: voucherMode ? 'VOUCHER' : isPack(product) ? 'PACK' : 'PRODUCT',
        idLocal: product.idLocal,
        idVariant: product.variant?.idVariant ?? null,
        isPack: isPack(product),
        driversNumber: state.drivers,
        drivers: values.drivers,
        holds: state.holds,
        packCode: isPack(product) ? randomCode(6) : undefined,
      },
    });
  });

  const back = () => {
    dispatch({ type: 'saveForm', form: getValues() });
    goTo(voucherMode ? 0 : 1);
  };

  return (
    <Stack gap="lg" component="section" aria-labelledby="stage-heading">
      <StageHeading>{ts('register.heading')}</StageHeading>
      <form onSubmit={(e) => void submit(e)} noValidate className={classes.form}>
        <Stack gap="lg">
          <Fieldset legend={ts('register.contact')}>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={ts('register.nombre')}
                  required
                  autoComplete="given-name"
                  {...register('nombre')}
                  error={error(formState.errors.nombre?.message)}
                />
                <TextInput
                  label={ts('register.apellidos')}
                  autoComplete="family-name"
                  {...register('apellidos')}
                  error={error(formState.errors.apellidos?.message)}
                />
              </SimpleGrid>
              <TextInput
                type="date"
                label={ts('register.fechaNacimiento')}
                description={ts('register.optional')}
                styles={readable}
                min={range.min}
                max={range.max}
                autoComplete="bday"
                {...register('fechaNacimiento')}
                error={error(formState.errors.fechaNacimiento?.message)}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  type="email"
                  dir="ltr"
                  label={ts('register.email')}
                  required={!desk}
                  description={desk ? ts('register.deskEmail') : undefined}
                  autoComplete="email"
                  {...register('email', { onChange: () => void (desk ? trigger('email') : trigger('emailConfirmation')) })}
                  error={error(formState.errors.email?.message)}
                />
                {!desk && (
                <TextInput
                  type="email"
                  dir="ltr"
                  label={ts('register.emailConfirmation')}
                  required
                  autoComplete="email"
                  {...register('emailConfirmation')}
                  error={error(formState.errors.emailConfirmation?.message)}
                  rightSection={
                    confirmed ? (
                      <Text c="green.8" fw={700} aria-label={ts('register.emailConfirmed')}>
                        ✓
                      </Text>
                    ) : undefined
                  }
                />
                )}
              </SimpleGrid>
              <Controller
                control={control}
                name="telefono"
                render={({ field, fieldState }) => (
                  <PhoneField
                    inputRef={field.ref}
                    label={ts('register.telefono')}
                    required
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    companyCountry={config.country}
                    error={error(fieldState.error?.message)}
                  />
                )}
              />
            </Stack>
          </Fieldset>

          <Fieldset legend={ts('register.driversLegend', { count: fields.length })}>
            <Stack gap="md">
              {!voucherMode && (
                <Checkbox
                  label={ts('register.autoFill', { base: ts('register.driverBase') })}
                  defaultChecked={false}
                  onChange={(e) => autoFill(e.currentTarget.checked)}
                />
              )}
              {fields.map((field, index) => {
                const driver = drivers[index];
                const locked = driver?.isCloudMember ?? false;
                const errors = formState.errors.drivers?.[index];
                return (
                  <Stack key={field.id} gap="xs" data-testid={`driver-${index + 1}`}>
                    <Group gap="xs">
                      <Text fw={700}>{ts('register.driverN', { n: index + 1 })}</Text>
                      {locked && (
                        <Badge color="green" variant="light">
                          {ts('register.member')}
                        </Badge>
                      )}
                    </Group>
                    <SimpleGrid cols={{ base: 1, sm: config.showEmails ? 2 : 1 }}>
                      <TextInput
                        label={ts('register.driverName', { n: index + 1 })}
                        required={!voucherMode}
                        readOnly={locked}
                        description={locked ? ts('register.memberLocked') : undefined}
                        styles={readable}
                        {...register(`drivers.${index}.name`)}
                        error={error(errors?.name?.message)}
                      />
                      {config.showEmails && (
                        <TextInput
                          type="email"
                          dir="ltr"
                          label={ts('register.driverEmail', { n: index + 1 })}
                          required={!config.emailOptional && !driver?.underage}
                          {...register(`drivers.${index}.email`, {
                            onChange: () => void trigger('drivers'),
                          })}
                          error={error(errors?.email?.message)}
                        />
                      )}
                    </SimpleGrid>
                    {config.showEmails && (
                      <Controller
                        control={control}
                        name={`drivers.${index}.underage`}
                        render={({ field: f }) => (
                          <Switch
                            label={ts('register.underage')}
                            checked={f.value}
                            onChange={(e) => {
                              f.onChange(e.currentTarget.checked);
                              void trigger('drivers');
                            }}
                            onBlur={f.onBlur}
                          />
                        )}
                      />
                    )}
                  </Stack>
                );
              })}
              {repeated.length > 0 && (
                <Alert color="red" role="alert">
                  {t('errors.repeatedEmailsLong')}
                </Alert>
              )}
            </Stack>
          </Fieldset>

          {/* The customer's own boxes; at the counter the summary's box states their agreement instead. */}
          {!desk && (
          <Stack gap="sm">
            <Controller
              control={control}
              name="adultConfirmation"
              render={({ field, fieldState }) => (
                <Checkbox
                  ref={field.ref}
                  label={ts('register.adultConfirmation')}
                  checked={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                  onBlur={field.onBlur}
                  required
                  error={error(fieldState.error?.message)}
                />
              )}
            />
            <Controller
              control={control}
              name="acceptSendPromo"
              render={({ field }) => (
                <Checkbox
                  label={ts('register.acceptSendPromo')}
                  checked={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                />
              )}
            />
          </Stack>
          )}

          {paymentsActive && (
            <Fieldset legend={ts('register.gift')}>
              <Stack gap="sm">
                <Controller
                  control={control}
                  name="isSendPresentChecked"
                  render={({ field, fieldState }) => (
                    <Switch
                      ref={field.ref}
                      label={ts('register.sendAsGift')}
                      checked={field.value}
                      onChange={(e) => field.onChange(e.currentTarget.checked)}
                      error={error(fieldState.error?.message)}
                    />
                  )}
                />
                {isSendPresentChecked && (
                  <>
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <TextInput
                        label={ts('register.giftName')}
                        required
                        {...register('presentReceptorName')}
                        error={error(formState.errors.presentReceptorName?.message)}
                      />
                      <TextInput
                        type="email"
                        dir="ltr"
                        label={ts('register.giftEmail')}
                        required
                        {...register('presentReceptorEmail')}
                        error={error(formState.errors.presentReceptorEmail?.message)}
                      />
                    </SimpleGrid>
                    <Textarea
                      label={ts('register.giftMessage')}
                      autosize
                      minRows={3}
                      {...register('presentMessage')}
                      styles={readable}
                      error={error(formState.errors.presentMessage?.message)}
                      description={
                        <span aria-live="polite">
                          {ts('register.giftCounter', { count: presentMessage.length, max: GIFT_MESSAGE_MAX })}
                        </span>
                      }
                    />
                  </>
                )}
              </Stack>
            </Fieldset>
          )}

          <Group justify="space-between">
            <Button variant="default" onClick={back}>
              {t('back')}
            </Button>
            <NextHint reason={blocked} />
            <Button type="submit" size="md" disabled={!canContinue} aria-describedby={blocked ? NEXT_HINT_ID : undefined}>
              {t('next')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
