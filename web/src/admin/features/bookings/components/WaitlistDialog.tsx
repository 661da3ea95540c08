import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  fetchWaitlist,
  offerWaitlist,
  removeWaitlistEntry,
  waitlistKey,
  type StaffWaitlistEntry,
} from '@/admin/features/bookings/api/waitlist';
import { adminFormat } from '@/admin/lib/format';
import { toast } from '@/lib/toast';

interface WaitlistDialogProps {
  idCompany: number;
  circuitId: number;
  startsAt: string;
  title: string;
  timeZone: string;
  onClose: () => void;
}

// Light badges with a dark label: the default label of a light teal or orange badge, or even its darkest
// shade, lacks contrast for the badge's small text (axe, in the e2e walk past the offer).
const STATE_COLOR: Record<StaffWaitlistEntry['state'], string> = {
  waiting: 'blue', offered: 'orange', booked: 'teal', expired: 'gray', left: 'gray',
};

/**
 * A session's waiting list for the counter (issue 27): position, drivers, state (offered until when),
 * contact; "Offer free places now" (after raising the capacity) and Remove per entry still on the list.
 * Kept live with the Today view (its query key is under the day's).
 */
export function WaitlistDialog({ idCompany, circuitId, startsAt, title, timeZone, onClose }: WaitlistDialogProps) {
  const { t, i18n } = useTranslation('bookings');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const phone = useMediaQuery('(max-width: 30em)') ?? false;
  const queryClient = useQueryClient();
  const key = waitlistKey(idCompany, circuitId, startsAt);
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchWaitlist(idCompany, circuitId, startsAt, signal) });
  const offer = useMutation({
    mutationFn: () => offerWaitlist(idCompany, circuitId, startsAt),
    onSuccess: (entries) => queryClient.setQueryData(key, entries),
    onError: () => toast(t('waitlist.failed'), 'red'),
  });
  const remove = useMutation({
    mutationFn: (id: number) => removeWaitlistEntry(idCompany, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
    onError: () => toast(t('waitlist.failed'), 'red'),
  });
  // The back office's one formatter: the hour in the circuit's zone, Latin digits in every language.
  const until = (iso: string) => adminFormat(language, { timeZone }).instantTime(iso);

  return (
    <Modal opened onClose={onClose} title={t('waitlist.title', { session: title })} size="lg" fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('waitlist.close') }}>
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          {t('waitlist.rule')}
        </Text>
        {list.isPending && <Loader size="sm" aria-label={t('waitlist.loading')} />}
        {list.isError && (
          <Alert color="red" role="alert">
            {t('waitlist.loadFailed')}
          </Alert>
        )}
        {list.data?.length === 0 && <Text>{t('waitlist.empty')}</Text>}
        {list.data && list.data.length > 0 && (
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('waitlist.listLabel')}>
            {list.data.map((e) => (
              <Stack component="li" key={e.id} gap={2} p="xs" style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-3)' }}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text fw={600}>
                    {e.position > 0 ? `${e.position}. ` : ''}
                    {e.name} · {t('today.drivers', { count: e.numDrivers })}
                  </Text>
                  <Badge color={STATE_COLOR[e.state]} c="gray.9" variant="light">
                    {e.state === 'offered' && e.offeredUntil
                      ? t('waitlist.offeredUntil', { time: until(e.offeredUntil) })
                      : t(`waitlist.state.${e.state}`)}
                  </Badge>
                </Group>
                <Text size="sm" c="gray.7">
                  <bdi dir="ltr">{e.email}</bdi>
                  {e.phone && (
                    <>
                      {' · '}
                      <bdi dir="ltr">{e.phone}</bdi>
                    </>
                  )}
                </Text>
                {(e.state === 'waiting' || e.state === 'offered') && (
                  <Group justify="flex-end">
                    <Button size="xs" variant="subtle" color="red" loading={remove.isPending && remove.variables === e.id}
                      onClick={() => remove.mutate(e.id)} aria-label={t('waitlist.removeFor', { name: e.name })}>
                      {t('waitlist.remove')}
                    </Button>
                  </Group>
                )}
              </Stack>
            ))}
          </Stack>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={onClose}>
            {t('waitlist.close')}
          </Button>
          <Button loading={offer.isPending} onClick={() => offer.mutate()}>
            {t('waitlist.offerNow')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
