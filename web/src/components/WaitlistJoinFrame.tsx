import { Alert, Button, Group, Modal, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Suspense, type FormEventHandler, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api/errors';

/** The join form's fields that the server can name in a refusal. */
export const JOIN_FIELDS = ['name', 'email', 'phone', 'captcha'] as const;
export type JoinField = (typeof JOIN_FIELDS)[number];

/**
 * What a refused join means for the form: field errors to show (the e-mail already waiting, a refused
 * captcha, an invalid value; `extra` maps another field the server names to a field of the form and its
 * message), places free after all (409 without a field), or a failure that names nothing.
 */
export function joinRefusal<F extends string = JoinField>(
  error: unknown,
  extra: Record<string, [F, string]> = {},
): { fields: Array<[F | JoinField, string]> } | { placesFree: true } | { failed: true } {
  if (error instanceof ApiError && error.status === 409) return error.fields?.email ? { fields: [['email', 'already']] } : { placesFree: true };
  if (error instanceof ApiError && error.fields) {
    const named = error.fields;
    const fields: Array<[F | JoinField, string]> = JOIN_FIELDS.filter((f) => named[f]).map((f) => [f, f === 'captcha' ? 'captchaRefused' : 'invalid']);
    for (const [apiField, target] of Object.entries(extra)) if (named[apiField]) fields.push(target);
    if (fields.length > 0) return { fields };
  }
  return { failed: true };
}

/** The frame's texts, translated by the caller from its namespace's `waitlist.*` keys. */
export interface WaitlistFrameTexts {
  title: string;
  close: string;
  howOffers: string;
  mailSent: string;
  name: string;
  email: string;
  phone: string;
  captchaLoading: string;
  cancel: string;
  submit: string;
}

interface WaitlistJoinFrameProps {
  opened: boolean;
  onClose: () => void;
  texts: WaitlistFrameTexts;
  /** The position sentence once joined ("You are number 3 on the list"); null while the form shows. */
  joined: string | null;
  /** The form's first sentence: what the visitor waits for. */
  intro: string;
  /** A refusal that names no field, shown above the fields. */
  refusal: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  /** The contact fields' react-hook-form bindings and their translated errors. */
  fields: Record<'name' | 'email' | 'phone', { input: UseFormRegisterReturn; error?: string }>;
  /** What the caller asks beyond the contact (the session's drivers), between the phone and the captcha. */
  extra?: ReactNode;
  /**
   * The captcha field: the caller's own lazy AltchaField (a chunk fetched when the dialog first opens;
   * each dialog module keeps its lazy import, so a test's module mock of the widget reaches it).
   */
  captcha: ReactNode;
}

/**
 * The "Join the waiting list" dialog that a full session and a sold-out event share: name, e-mail, phone,
 * what the caller adds, the captcha, and once joined the position and how offers are made. The caller
 * owns the form (its schema, its call, its refusals).
 */
export function WaitlistJoinFrame(p: WaitlistJoinFrameProps) {
  const phoneScreen = useMediaQuery('(max-width: 30em)') ?? false;
  const { texts: tx } = p;
  return (
    <Modal
      opened={p.opened}
      onClose={p.onClose}
      title={tx.title}
      size="lg"
      centered
      fullScreen={phoneScreen}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      closeButtonProps={{ 'aria-label': tx.close }}
    >
      {p.joined !== null ? (
        <Stack gap="md" data-testid="waitlist-joined">
          <Text fw={700} role="status">
            {p.joined}
          </Text>
          <Text size="sm">{tx.howOffers}</Text>
          <Text size="sm" c="gray.7">
            {tx.mailSent}
          </Text>
          <Group justify="flex-end">
            <Button onClick={p.onClose}>{tx.close}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={p.onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm">{p.intro}</Text>
            <Text size="sm" c="gray.7">
              {tx.howOffers}
            </Text>
            {p.refusal && (
              <Alert color="orange" role="alert">
                {p.refusal}
              </Alert>
            )}
            <TextInput label={tx.name} required data-autofocus autoComplete="name" {...p.fields.name.input} error={p.fields.name.error} />
            <TextInput label={tx.email} required type="email" dir="ltr" autoComplete="email" {...p.fields.email.input} error={p.fields.email.error} />
            <TextInput label={tx.phone} type="tel" dir="ltr" autoComplete="tel" {...p.fields.phone.input} error={p.fields.phone.error} />
            {p.extra}
            <Suspense fallback={<Skeleton height={64} radius="md" aria-label={tx.captchaLoading} />}>
              {p.captcha}
            </Suspense>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={p.onClose}>
                {tx.cancel}
              </Button>
              <Button type="submit" loading={p.pending}>
                {tx.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
