import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateContact, type ContactEdit } from '@/admin/features/bookings/api/bookings';
import { ApiError } from '@/lib/api/errors';
import { isolate } from '@/lib/format';
import { toast } from '@/lib/toast';

interface EditContactDialogProps {
  idCompany: number;
  /** The booking: its id, the reference people read out and its contact as loaded. */
  booking: { id: number; reference: string; contact: ContactEdit };
  onClose: () => void;
}

type Field = keyof ContactEdit;
const FIELDS: Field[] = ['name', 'surname', 'email', 'phone'];

/** The booking page's e-mail pattern, checked before sending (the server checks it again). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** What is wrong with a field as typed, checked here before sending; the server has the last word. */
function localProblem(field: Field, value: string): boolean {
  const v = value.trim();
  switch (field) {
    case 'name':
      return v === '' || v.includes('/');
    case 'surname':
      return v.includes('/');
    case 'email':
      return !EMAIL.test(v);
    case 'phone':
      return v.replace(/\D/g, '').length < 6;
  }
}

/**
 * Edit the contact (issue 23): name, surname, e-mail and phone, checked with the booking page's rules —
 * here as the customer types, then by the server (POST /api/admin/update-contact), whose refused fields are
 * shown under each field in the chosen language. Success toasts, reloads the details and the lists, closes.
 */
export function EditContactDialog({ idCompany, booking, onClose }: EditContactDialogProps) {
  const { t } = useTranslation('bookings');
  const [values, setValues] = useState<ContactEdit>(booking.contact);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverFields, setServerFields] = useState<Partial<Record<Field, boolean>>>({});
  const [refusal, setRefusal] = useState<string>();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => updateContact(idCompany, booking.id, values),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'booking-master-data', idCompany, booking.id] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'bookings', idCompany] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'today', idCompany] });
      toast(t('contact.done'), 'green');
      onClose();
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      const named = Object.fromEntries(FIELDS.filter((f) => fields[f]).map((f) => [f, true]));
      setServerFields(named);
      setRefusal(Object.keys(named).length > 0 ? undefined : error.message || t('contact.failed'));
    },
  });
  const problem = (f: Field) => ((touched[f] && localProblem(f, values[f])) || serverFields[f] ? t(`contact.problems.${f}`) : undefined);
  const valid = FIELDS.every((f) => !localProblem(f, values[f]));

  return (
    <Modal
      opened
      onClose={() => {
        if (!mutation.isPending) onClose();
      }}
      title={t('contact.title', { id: isolate(booking.reference) })}
      closeButtonProps={{ 'aria-label': t('details.close') }}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched({ name: true, surname: true, email: true, phone: true });
          if (!valid) return;
          setRefusal(undefined);
          mutation.mutate();
        }}
      >
        <Stack gap="sm">
          {FIELDS.map((f) => (
            <TextInput
              key={f}
              label={t(`contact.fields.${f}`)}
              required={f !== 'surname'}
              type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
              dir={f === 'email' || f === 'phone' ? 'ltr' : undefined}
              autoComplete="off"
              value={values[f]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((v) => ({ ...v, [f]: value }));
                setServerFields((s) => ({ ...s, [f]: false }));
              }}
              onBlur={() => setTouched((s) => ({ ...s, [f]: true }))}
              error={problem(f)}
              data-autofocus={f === 'name' ? true : undefined}
            />
          ))}
          {refusal && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              {t('pay.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t('contact.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
