import { zodResolver } from '@hookform/resolvers/zod';
import { NumberInput } from '@mantine/core';
import { lazy, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useJoinWaitlist, type WaitlistEntry } from '@/features/booking/api/waitlist';
import { joinRefusal, WaitlistJoinFrame } from '@/components/WaitlistJoinFrame';
import { formatHour, formatLongDate, isolate } from '@/lib/format';

// The captcha widget is a chunk of its own, fetched when the dialog first opens.
const AltchaField = lazy(() => import('@/components/AltchaField'));

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The waiting-list form. Messages are keys of the booking namespace's `waitlist.errors` group. */
export const waitlistSchema = z.object({
  name: z.string().trim().min(1, 'required').max(100, 'tooLong'),
  email: z.string().trim().regex(EMAIL, 'email'),
  phone: z.string().trim().max(40, 'tooLong'),
  drivers: z.number({ error: 'drivers' }).int('drivers').min(1, 'drivers'),
  captcha: z.string().min(1, 'captcha'),
});

/** The form's values. */
export type WaitlistValues = z.input<typeof waitlistSchema>;


interface WaitlistDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The session: its day (YYYY-MM-DD) and local start (HH:mm:ss). */
  date: string;
  time: string;
  productId: number;
  /** The party the visitor chose, prefilled. */
  drivers: number;
  companyToken: string;
}

/**
 * "Join the waiting list" for a full session: name, e-mail, phone, drivers (prefilled) and the captcha.
 * Once joined, the dialog shows the visitor's position and how offers are made.
 */
export function WaitlistDialog({ opened, onClose, date, time, productId, drivers, companyToken }: WaitlistDialogProps) {
  const { t, i18n } = useTranslation('bookingSteps');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const join = useJoinWaitlist(companyToken);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [joined, setJoined] = useState<WaitlistEntry | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { control, register, handleSubmit, setError, setValue, formState } = useForm<WaitlistValues>({
    resolver: zodResolver(waitlistSchema),
    defaultValues: { name: '', email: '', phone: '', drivers, captcha: '' },
    mode: 'onTouched',
  });
  const errorText = (key?: string) => (key ? t(`waitlist.errors.${key}` as 'waitlist.errors.required') : undefined);
  const session = `${isolate(formatLongDate(date, language))} ${isolate(formatHour(time))}`;

  const close = () => {
    setJoined(null);
    setRefusal(null);
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    setRefusal(null);
    join.mutate(
      {
        date: `${date} ${time}`,
        idType: productId,
        numDrivers: values.drivers,
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        culture: language,
        captcha: values.captcha,
      },
      {
        onSuccess: (entry) => setJoined(entry),
        onError: (error) => {
          // A payload is accepted once: whatever went wrong, the visitor solves a fresh challenge.
          setCaptchaReset((n) => n + 1);
          setValue('captcha', '');
          const refusal = joinRefusal<'drivers'>(error, { numDrivers: ['drivers', 'drivers'] });
          if ('fields' in refusal) for (const [field, message] of refusal.fields) setError(field, { message });
          else setRefusal(t('placesFree' in refusal ? 'waitlist.placesFree' : 'waitlist.failed'));
        },
      },
    );
  });

  return (
    <WaitlistJoinFrame
      opened={opened}
      onClose={close}
      texts={{
        title: t('waitlist.title'),
        close: t('waitlist.close'),
        howOffers: t('waitlist.howOffers'),
        mailSent: t('waitlist.mailSent'),
        name: t('waitlist.name'),
        email: t('waitlist.email'),
        phone: t('waitlist.phone'),
        captchaLoading: t('waitlist.captchaLoading'),
        cancel: t('waitlist.cancel'),
        submit: t('waitlist.submit'),
      }}
      joined={joined ? t('waitlist.position', { position: joined.position }) : null}
      intro={t('waitlist.intro', { session })}
      refusal={refusal}
      onSubmit={onSubmit}
      pending={join.isPending}
      fields={{
        name: { input: register('name'), error: errorText(formState.errors.name?.message) },
        email: { input: register('email'), error: errorText(formState.errors.email?.message) },
        phone: { input: register('phone'), error: errorText(formState.errors.phone?.message) },
      }}
      extra={
        <Controller
          control={control}
          name="drivers"
          render={({ field }) => (
            <NumberInput
              label={t('waitlist.drivers')}
              required
              min={1}
              allowDecimal={false}
              value={field.value}
              onChange={(v) => field.onChange(typeof v === 'number' ? v : Number.NaN)}
              onBlur={field.onBlur}
              error={errorText(formState.errors.drivers?.message)}
            />
          )}
        />
      }
      captcha={
        <AltchaField
          resetKey={captchaReset}
          onChange={(payload) => setValue('captcha', payload ?? '', { shouldValidate: payload !== null })}
          error={errorText(formState.errors.captcha?.message)}
        />
      }
    />
  );
}
