import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useJoinEventWaitlist, type EventWaitlistEntry } from '@/features/event/api/join-waitlist';
import { ApiError } from '@/lib/api/errors';
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

const FIELDS = ['name', 'email', 'phone', 'captcha'] as const;

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
  const phone = useMediaQuery('(max-width: 30em)') ?? false;
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
          if (error instanceof ApiError && error.status === 409) {
            if (error.fields?.email) setError('email', { message: 'already' });
            else setRefusal(t('waitlist.placeFree'));
            return;
          }
          if (error instanceof ApiError && error.fields) {
            const named = FIELDS.filter((f) => error.fields?.[f]);
            for (const field of named) setError(field, { message: field === 'captcha' ? 'captchaRefused' : 'invalid' });
            if (named.length > 0) return;
          }
          setRefusal(t('waitlist.failed'));
        },
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('waitlist.title')}
      size="lg"
      centered
      fullScreen={phone}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      closeButtonProps={{ 'aria-label': t('waitlist.close') }}
    >
      {joined ? (
        <Stack gap="md" data-testid="waitlist-joined">
          <Text fw={700} role="status">
            {t('waitlist.position', { position: joined.position })}
          </Text>
          <Text size="sm">{t('waitlist.howOffers')}</Text>
          <Text size="sm" c="gray.7">
            {t('waitlist.mailSent')}
          </Text>
          <Group justify="flex-end">
            <Button onClick={close}>{t('waitlist.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('waitlist.intro', { event: isolate(eventName) })}</Text>
            <Text size="sm" c="gray.7">
              {t('waitlist.howOffers')}
            </Text>
            {refusal && (
              <Alert color="orange" role="alert">
                {refusal}
              </Alert>
            )}
            <TextInput label={t('waitlist.name')} required data-autofocus autoComplete="name" {...register('name')}
              error={errorText(formState.errors.name?.message)} />
            <TextInput label={t('waitlist.email')} required type="email" dir="ltr" autoComplete="email" {...register('email')}
              error={errorText(formState.errors.email?.message)} />
            <TextInput label={t('waitlist.phone')} type="tel" dir="ltr" autoComplete="tel" {...register('phone')}
              error={errorText(formState.errors.phone?.message)} />
            <Suspense fallback={<Skeleton height={64} radius="md" aria-label={t('waitlist.captchaLoading')} />}>
              <AltchaField
                resetKey={captchaReset}
                onChange={(payload) => setValue('captcha', payload ?? '', { shouldValidate: payload !== null })}
                error={errorText(formState.errors.captcha?.message)}
              />
            </Suspense>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('waitlist.cancel')}
              </Button>
              <Button type="submit" loading={join.isPending}>
                {t('waitlist.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
