import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Modal, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSendProblemReport } from '@/features/problem-report/api/send-problem-report';
import { EMPTY_REPORT, isValidEmail, MAX_TEXT, reportSchema, type ReportValues } from '@/features/problem-report/components/report-schema';
import { toast } from '@/features/problem-report/components/toast';
import { ApiError } from '@/lib/api/errors';

// The captcha widget is a chunk of its own, fetched when the dialog first opens.
const AltchaField = lazy(() => import('@/components/AltchaField'));

interface ProblemReportDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The company the visitor is booking with, so that the report reaches it. */
  companyId?: number;
}

const FORM_FIELDS = ['subject', 'text', 'replyEmail', 'captcha'] as const;

/**
 * The report-a-problem dialog: subject, text (at most 500 characters, with a counter), an optional reply
 * address enabled by a checkbox, and the captcha. On success the fields are cleared, the dialog closes
 * and a toast thanks the visitor; on failure a generic toast says so and the dialog stays open.
 */
export function ProblemReportDialog({ opened, onClose, companyId }: ProblemReportDialogProps) {
  const { t } = useTranslation('problemReport');
  const send = useSendProblemReport();
  const phone = useMediaQuery('(max-width: 30em)') ?? false; // the whole screen on a phone
  const [captchaReset, setCaptchaReset] = useState(0);
  const { control, register, handleSubmit, reset, setError, setValue, formState } = useForm<ReportValues>({
    resolver: zodResolver(reportSchema),
    defaultValues: EMPTY_REPORT,
    mode: 'onTouched',
  });
  const [subject, text, wantsReply, replyEmail] = useWatch({ control, name: ['subject', 'text', 'wantsReply', 'replyEmail'] });
  const textLength = text.trim().length;
  const canSubmit = subject.trim().length > 0 && textLength > 0 && textLength <= MAX_TEXT;
  const emailTyped = wantsReply && replyEmail.trim().length > 0;
  const emailValid = emailTyped && isValidEmail(replyEmail);
  const errorText = (key?: string) => (key ? t(`errors.${key}`, { defaultValue: t('errors.invalid') }) : undefined);

  const onSubmit = handleSubmit((values) => {
    send.mutate(
      {
        subject: values.subject.trim(),
        text: values.text.trim(),
        replyEmail: values.wantsReply ? values.replyEmail.trim() : undefined,
        captcha: values.captcha,
        idCompany: companyId,
        page: window.location.pathname.slice(0, 500),
      },
      {
        onSuccess: () => {
          reset(EMPTY_REPORT);
          setCaptchaReset((n) => n + 1);
          onClose();
          toast(t('sent'), 'green', t('close'));
        },
        onError: (error) => {
          // A payload is accepted once: whatever went wrong, the visitor solves a fresh challenge.
          setCaptchaReset((n) => n + 1);
          if (error instanceof ApiError && error.fields) {
            for (const field of FORM_FIELDS) {
              if (error.fields[field]) setError(field, { message: field === 'captcha' ? 'captchaRefused' : 'invalid' });
            }
          }
          toast(t('failed'), 'red', t('close'));
        },
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('title')}
      size="lg"
      centered
      fullScreen={phone}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="gray.7">
            {t('intro')}
          </Text>
          <TextInput
            label={t('subject')}
            required
            data-autofocus
            {...register('subject')}
            error={errorText(formState.errors.subject?.message)}
          />
          <Textarea
            label={t('text')}
            required
            rows={5}
            {...register('text')}
            description={
              <Text component="span" size="xs" c={textLength > MAX_TEXT ? 'red.8' : 'gray.7'} data-testid="text-counter">
                {t('counter', { length: textLength, max: MAX_TEXT })}
              </Text>
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={errorText(formState.errors.text?.message)}
          />
          <Controller
            control={control}
            name="wantsReply"
            render={({ field }) => (
              <Checkbox
                label={t('wantsReply')}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
              />
            )}
          />
          <TextInput
            label={t('replyEmail')}
            type="email"
            dir="ltr"
            autoComplete="email"
            disabled={!wantsReply}
            {...register('replyEmail')}
            rightSection={emailValid ? <ValidMark label={t('emailValid')} /> : undefined}
            error={
              emailTyped && !emailValid
                ? t('errors.emailInvalid')
                : errorText(wantsReply ? formState.errors.replyEmail?.message : undefined)
            }
          />
          <Suspense fallback={<Skeleton height={64} radius="md" aria-label={t('captchaLoading')} />}>
            <AltchaField
              resetKey={captchaReset}
              onChange={(payload) => setValue('captcha', payload ?? '', { shouldValidate: payload !== null })}
              error={errorText(formState.errors.captcha?.message)}
            />
          </Suspense>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={!canSubmit} loading={send.isPending}>
              {t('send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The green tick shown in a valid reply address field. */
function ValidMark({ label }: { label: string }) {
  return (
    <svg role="img" aria-label={label} width="20" height="20" viewBox="0 0 24 24" fill="none"
      stroke="var(--mantine-color-teal-7)" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}
