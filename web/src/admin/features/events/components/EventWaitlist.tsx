import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import {
  useEventWaitlist,
  useOfferEventWaitlist,
  useRemoveEventWaitlistEntry,
  type EventWaitlistEntry,
} from '@/admin/features/events/api/waitlist';
import { useEventsTexts } from '@/admin/features/events/hooks/useEventsTexts';
import type { AdminCompany } from '@/admin/lib/company';
import { useAdminFormat } from '@/admin/lib/format';
import { toast } from '@/lib/toast';

// Light badges with a dark label: the default label of a light teal or orange badge, or even its darkest
// shade, lacks contrast for the badge's small text (axe, in the e2e walk past the offer).
const STATE_COLOR: Record<EventWaitlistEntry['state'], string> = {
  waiting: 'blue', offered: 'orange', booked: 'teal', expired: 'gray', left: 'gray',
};

/**
 * An event's waiting list in the events screen (issue 27): position, state (offered until when),
 * contact; "Offer free places now" (after raising the ticket's stock) and Remove per entry on the list.
 */
export function EventWaitlist({ company, eventId }: { company: AdminCompany; eventId: number }) {
  const { t } = useEventsTexts();
  const format = useAdminFormat(company);
  const list = useEventWaitlist(company.idCompany, eventId);
  const offer = useOfferEventWaitlist(company.idCompany, eventId);
  const remove = useRemoveEventWaitlistEntry(company.idCompany, eventId);
  const failed = () => toast(t('waitlist.failed'), 'red');

  return (
    <Stack gap="xs" component="section" aria-labelledby={`event-waitlist-${eventId}`}>
      <Title order={3} size="h5" id={`event-waitlist-${eventId}`}>
        {t('waitlist.title')}
      </Title>
      <Text size="sm" c="gray.7">
        {t('waitlist.rule')}
      </Text>
      {list.isPending && <Loader size="sm" aria-label={t('waitlist.loading')} />}
      {list.isError && (
        <Alert color="red" role="alert">
          {t('waitlist.loadFailed')}
        </Alert>
      )}
      {list.data?.length === 0 && <Text size="sm">{t('waitlist.empty')}</Text>}
      {list.data && list.data.length > 0 && (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('waitlist.listLabel')}
          data-testid="event-waitlist">
          {list.data.map((e) => (
            <Stack component="li" key={e.id} gap={2} p="xs" style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-3)' }}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={600}>
                  {e.position > 0 ? <bdi>{`${e.position}. `}</bdi> : null}
                  <bdi>{e.name}</bdi>
                </Text>
                <Badge color={STATE_COLOR[e.state]} c="gray.9" variant="light" data-testid="event-waitlist-state">
                  {e.state === 'offered' && e.offeredUntil
                    ? t('waitlist.offeredUntil', { time: format.instant(e.offeredUntil) })
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
                    onClick={() => remove.mutate(e.id, { onError: failed })} aria-label={t('waitlist.removeFor', { name: e.name })}>
                    {t('waitlist.remove')}
                  </Button>
                </Group>
              )}
            </Stack>
          ))}
        </Stack>
      )}
      {list.data && list.data.length > 0 && (
        <Group justify="flex-end">
          <Button size="sm" variant="light" loading={offer.isPending} onClick={() => offer.mutate(undefined, { onError: failed })}>
            {t('waitlist.offerNow')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
