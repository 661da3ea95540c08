import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resendConfirmation } from '@/admin/features/bookings/api/bookings';
import { isolate } from '@/lib/format';
import { toast } from '@/lib/toast';

interface ResendConfirmationDialogProps {
  idCompany: number;
  /** The booking: its id, the reference people read out and the address the mail goes to. */
  booking: { id: number; reference: string; email: string };
  onClose: () => void;
}

/**
 * Resend the confirmation (issue 23): says where the mail goes and that the previous mail's cancel link
 * stops working, then queues it (POST /api/admin/resend-confirmation). A refusal (cancelled, not confirmed
 * yet, no address) shows the server's message and leaves the dialog open.
 */
export function ResendConfirmationDialog({ idCompany, booking, onClose }: ResendConfirmationDialogProps) {
  const { t } = useTranslation('bookings');
  const [refusal, setRefusal] = useState<string>();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => resendConfirmation(idCompany, booking.id),
    onSuccess: (email) => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'booking-master-data', idCompany, booking.id] });
      toast(t('resend.done', { email: isolate(email) }), 'green');
      onClose();
    },
    onError: (error) => setRefusal(error.message || t('resend.failed')),
  });
  return (
    <Modal
      opened
      onClose={() => {
        if (!mutation.isPending) onClose();
      }}
      title={t('resend.title', { id: isolate(booking.reference) })}
      closeButtonProps={{ 'aria-label': t('details.close') }}
      centered
    >
      <Stack gap="sm">
        <Text size="sm">{t('resend.to', { email: isolate(booking.email) })}</Text>
        <Text size="sm" c="gray.7">
          {t('resend.link')}
        </Text>
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            {t('pay.cancel')}
          </Button>
          <Button loading={mutation.isPending} onClick={() => mutation.mutate()} data-autofocus>
            {t('resend.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
