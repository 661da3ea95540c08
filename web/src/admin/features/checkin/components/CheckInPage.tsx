import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { lookUpBooking, type CheckInBooking } from '@/admin/features/checkin/api/checkin';
import { useCheckInQueue } from '@/admin/features/checkin/hooks/use-check-in-queue';
import type { RunningScanner } from '@/admin/features/checkin/lib/scanner';
import { readTarget } from '@/admin/features/checkin/lib/target';
import { enqueue } from '@/admin/features/checkin/lib/queue';
import { newIdempotencyKey } from '@/admin/lib/amounts';
import { companyQueryOptions, type AdminCompany } from '@/admin/lib/company';
import { useAdminFormat } from '@/admin/lib/format';
import { currentCompanyId, hasStoredSession } from '@/admin/lib/session';
import { useSessionGuard } from '@/admin/lib/use-session-guard';
import { ApiError } from '@/lib/api/errors';
import { isolate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { LoadingScreen } from '@/components/LoadingScreen';

/**
 * /admin/check-in (issue 23, item 6): the desk's check-in on a phone (DESK and above, linked from Today).
 * Staff scan the booking's QR code with the camera (the scanner is a chunk of its own) or type its
 * reference; the page shows the booking (reference, name, sessions, drivers, what is due) and "Mark
 * arrived". Every mark goes through the offline queue (localStorage, one Idempotency-Key per mark): sent
 * at once when the connection is there, kept and shown otherwise, and sent when it returns.
 */
export function CheckInPage() {
  if (!hasStoredSession()) return <Navigate to="/login" replace />;
  return <SignedInCheckIn />;
}

function SignedInCheckIn() {
  const { t } = useTranslation('checkin');
  useSessionGuard();
  const company = useQuery(companyQueryOptions(currentCompanyId() ?? 0));
  if (company.data) return <CheckIn company={company.data} />;
  if (company.isError) {
    return (
      <Center mih="100vh" component="main">
        <Alert color="red" role="alert">
          {t('loadFailed')}
        </Alert>
      </Center>
    );
  }
  return <LoadingScreen />;
}

/** What the page is looking at: a scanned code or a typed reference, with the reference as shown. */
type Target = { code?: string; reference: string };

function CheckIn({ company }: { company: AdminCompany }) {
  const { t } = useTranslation('checkin');
  const format = useAdminFormat(company);
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<Target | null>(null);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | undefined>();
  const queue = useCheckInQueue(company.idCompany, (r) => {
    for (const m of r.sent) toast(t('marked', { reference: m.label }), 'green');
    for (const d of r.dropped) toast(t('queue.dropped', { reference: d.mark.label, message: d.message }), 'red');
    void queryClient.invalidateQueries({ queryKey: ['admin', 'check-in'] });
  });

  const booking = useQuery({
    queryKey: ['admin', 'check-in', company.idCompany, target?.code ?? target?.reference],
    queryFn: ({ signal }) =>
      lookUpBooking(company.idCompany, target?.code ? { code: target.code } : { reference: target?.reference ?? '' }, signal),
    enabled: target !== null,
    retry: false,
    // Tried even when the browser says it is offline: the failure is what shows "No connection" and the
    // queued Mark arrived (a paused query would spin for ever).
    networkMode: 'always',
  });

  const take = useCallback(
    (text: string): boolean => {
      const read = readTarget(text);
      if (!read) return false;
      setTarget({ code: 'code' in read ? read.code : undefined, reference: read.reference });
      return true;
    },
    [],
  );

  const mark = () => {
    if (!target) return;
    enqueue({
      key: newIdempotencyKey('check-in'),
      idCompany: company.idCompany,
      code: target.code,
      reference: target.code ? undefined : target.reference,
      label: target.reference,
      markedAt: new Date().toISOString(),
    });
    void queue.flush().then((r) => {
      if (r.left.some((m) => m.label === target.reference)) toast(t('queued', { reference: target.reference }), 'orange');
    });
  };

  const offline = booking.isError && !(booking.error instanceof ApiError);
  return (
    <Stack component="main" p="md" gap="md" maw={560} mx="auto">
      <title>{`${t('title')} – ${company.companyName}`}</title>
      <Group justify="space-between" wrap="nowrap">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text size="sm" fw={700} role="status">
          {queue.online ? t('status.online') : t('status.offline')}
        </Text>
      </Group>
      <Anchor href="/admin">
        {t('back')}
      </Anchor>
      <Camera onRead={take} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (take(typed)) {
            setTypedError(undefined);
            setTyped('');
          } else setTypedError(t('typed.invalid'));
        }}
      >
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('typed.label')}
            description={t('typed.description')}
            value={typed}
            error={typedError}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
          <Button type="submit">{t('typed.find')}</Button>
        </Group>
      </form>
      {target && (
        <Paper withBorder p="md" component="section" aria-labelledby="check-in-booking">
          <Stack gap="xs">
            <Title order={2} size="h3" id="check-in-booking">
              {t('booking.heading', { reference: isolate(target.reference) })}
            </Title>
            {booking.isPending && <Loader size="sm" aria-label={t('booking.loading')} />}
            {booking.isError && (
              <Alert color={offline ? 'yellow' : 'red'} role="alert">
                {offline
                  ? t('booking.offline')
                  : booking.error instanceof ApiError && booking.error.status === 404
                    ? t('booking.notFound')
                    : booking.error.message}
              </Alert>
            )}
            {booking.data && <BookingFacts booking={booking.data} format={format} />}
            {(booking.data ? booking.data.state !== 'cancelada' && !booking.data.arrived : offline) && (
              <Button size="lg" onClick={mark}>
                {t('mark')}
              </Button>
            )}
          </Stack>
        </Paper>
      )}
      {queue.marks.length > 0 && (
        <Paper withBorder p="md" component="section" aria-labelledby="check-in-queue">
          <Stack gap="xs">
            <Title order={2} size="h4" id="check-in-queue">
              {t('queue.heading', { count: queue.marks.length })}
            </Title>
            <Text size="sm" c="gray.7">
              {t('queue.description')}
            </Text>
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {queue.marks.map((m) => (
                <li key={m.key}>
                  <Text span fw={600} dir="ltr">
                    {m.label}
                  </Text>{' '}
                  <Text span size="sm" c="gray.7">
                    {t('queue.markedAt', { time: isolate(format.instant(m.markedAt)) })}
                  </Text>
                </li>
              ))}
            </ul>
            <Button variant="default" onClick={() => void queue.flush()} loading={queue.sending}>
              {t('queue.send')}
            </Button>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

function BookingFacts({ booking, format }: { booking: CheckInBooking; format: ReturnType<typeof useAdminFormat> }) {
  const { t } = useTranslation('checkin');
  return (
    <>
      <Text size="lg" fw={600}>
        {booking.name}
      </Text>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {booking.sessions.map((s, i) => (
          <li key={i}>
            {/* An event registration's one "session" is the event: its name alone (it has no product). */}
            {t(s.product ? 'booking.session' : 'booking.event', {
              day: isolate(format.day(s.date)),
              time: isolate(format.time(s.time)),
              name: s.name,
              product: s.product,
              drivers: s.drivers,
            })}
          </li>
        ))}
      </ul>
      <Text>{t('booking.drivers', { count: booking.drivers })}</Text>
      {booking.due > 0 ? (
        <Text fw={700} size="lg">
          {t('booking.due', { amount: isolate(format.money(booking.due)) })}
        </Text>
      ) : (
        <Text fw={700}>{t('booking.nothingDue')}</Text>
      )}
      {booking.paid > 0 && <Text size="sm">{t('booking.paid', { amount: isolate(format.money(booking.paid)) })}</Text>}
      {booking.state === 'cancelada' && (
        <Alert color="red" role="alert">
          {t('booking.cancelled')}
        </Alert>
      )}
      {booking.arrived && booking.arrivedAt && (
        <Alert color="green" role="status">
          {t('booking.arrived', { time: isolate(format.instant(booking.arrivedAt)) })}
        </Alert>
      )}
    </>
  );
}

/** The camera: a button that opens it (the scanner's chunk loads then) and the video it reads. */
function Camera({ onRead }: { onRead: (text: string) => boolean }) {
  const { t } = useTranslation('checkin');
  const video = useRef<HTMLVideoElement>(null);
  const running = useRef<RunningScanner | null>(null);
  const [state, setState] = useState<'off' | 'starting' | 'on' | 'failed' | 'unknown'>('off');
  const stop = useCallback(() => {
    running.current?.stop();
    running.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const start = async () => {
    if (!video.current) return;
    setState('starting');
    try {
      const { startScanner } = await import('@/admin/features/checkin/lib/scanner');
      running.current = await startScanner(video.current, (text) => {
        if (onRead(text)) {
          stop();
          setState('off');
        } else setState('unknown');
      });
      setState((s) => (s === 'starting' ? 'on' : s));
    } catch {
      stop();
      setState('failed');
    }
  };

  const on = state === 'on' || state === 'starting' || state === 'unknown';
  return (
    <Stack gap="xs">
      <Button
        size="lg"
        variant={on ? 'default' : 'filled'}
        onClick={() => {
          if (on) {
            stop();
            setState('off');
          } else void start();
        }}
        loading={state === 'starting'}
      >
        {on ? t('scan.stop') : t('scan.start')}
      </Button>
      <video
        ref={video}
        aria-label={t('scan.video')}
        muted
        playsInline
        style={{ width: '100%', borderRadius: 8, background: '#000', display: on ? 'block' : 'none' }}
      />
      {state === 'on' && (
        <Text size="sm" role="status">
          {t('scan.reading')}
        </Text>
      )}
      {state === 'unknown' && (
        <Text size="sm" fw={700} role="status">
          {t('scan.unknown')}
        </Text>
      )}
      {state === 'failed' && (
        <Alert color="yellow" role="alert">
          {t('scan.failed')}
        </Alert>
      )}
    </Stack>
  );
}
