import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useJoinEventWaitlist, type EventWaitlistEntry } from '@/features/event/api/join-waitlist';
import { joinRefusal, WaitlistJoinFrame } from '@/components/WaitlistJoinFrame';
import { isolate } from '@/lib/format';

// The captcha widget is a chunk of its own, fetched when the dialog first opens.
const AltchaField = lazy(() => import('@/components/AltchaField'));

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The event waiting-list form. Messages are keys of the event namespace's `waitlist.errors` group. */
export const eventWaitlistSchema = z.object({
  name: z.string().trim().min(1, 'required').max(100, 'tooLong'),
  email: z.string().trim().regex(EMAIL, 'email'),
  phone: z.string().trim().max(40, 'tooLong'),
  captcha: z.string().min(1, 'captcha'),
});

type Values = z.input<typeof eventWaitlistSchema>;


interface EventWaitlistDialogProps {
  opened: boolean;
  onClose: () => void;
  eventKey: string;
  eventName: string;
}

/**
 * "Join the waiting list" of a sold-out event: one place (a registration is one driver or one team), so
 * name, e-mail, phone and the captcha. Once joined, the dialog shows the position and how offers go.
 */
export function EventWaitlistDialog({ opened, onClose, eventKey, eventName }: EventWaitlistDialogProps) {
  const { t, i18n } = useTranslation('event');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const join = useJoinEventWaitlist(eventKey);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [joined, setJoined] = useState<EventWaitlistEntry | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit, setError, setValue, formState } = useForm<Values>({
    resolver: zodResolver(eventWaitlistSchema),
    defaultValues: { name: '', email: '', phone: '', captcha: '' },
    mode: 'onTouched',
  });
  const errorText = (key?: string) => (key ? t(`waitlist.errors.${key}` as 'waitlist.errors.required') : undefined);

  const close = () => {
    setJoined(null);
    setRefusal(null);
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    setRefusal(null);
    join.mutate(
      { name: values.name.trim(), email: values.email.trim(), phone: values.phone.trim(), culture: language, captcha: values.captcha },
      {
        onSuccess: (entry) => setJoined(entry),
        onError: (error) => {
          // A payload is accepted once: whatever went wrong, the visitor solves a fresh challenge.
          setCaptchaReset((n) => n + 1);
          setValue('captcha', '');
          const refusal = joinRefusal(error);
          if ('fields' in refusal) for (const [field, message] of refusal.fields) setError(field, { message });
          else setRefusal(t('placesFree' in refusal ? 'waitlist.placeFree' : 'waitlist.failed'));
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
      intro={t('waitlist.intro', { event: isolate(eventName) })}
      refusal={refusal}
      onSubmit={onSubmit}
      pending={join.isPending}
      fields={{
        name: { input: register('name'), error: errorText(formState.errors.name?.message) },
        email: { input: register('email'), error: errorText(formState.errors.email?.message) },
        phone: { input: register('phone'), error: errorText(formState.errors.phone?.message) },
      }}
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
