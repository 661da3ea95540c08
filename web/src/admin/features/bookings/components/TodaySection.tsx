import { Alert, Badge, Button, CloseButton, Group, Loader, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { bookingsQueryOptions, MIN_SEARCH, type BookingRow } from '@/admin/features/bookings/api/bookings';
import { markArrival, markNoShow, todayKey, todayQueryOptions, type TodayBooking, type TodaySession } from '@/admin/features/bookings/api/today';
import { BookingDetailsDialog } from '@/admin/features/bookings/components/BookingDetailsDialog';
import { BookingStatus } from '@/admin/features/bookings/components/BookingStatus';
import { WaitlistDialog } from '@/admin/features/bookings/components/WaitlistDialog';
import { useDeskLive } from '@/admin/features/bookings/hooks/use-desk-live';
import { newIdempotencyKey } from '@/admin/lib/amounts';
import type { AdminCompany } from '@/admin/lib/company';
import { addDays, isIsoDay, todayIn, type IsoDay } from '@/admin/lib/dates';
import { DateField } from '@/admin/components/DateField';
import { useAdminFormat, type AdminFormat } from '@/admin/lib/format';
import { isolate } from '@/lib/format';
import { toast } from '@/lib/toast';
import classes from '@/admin/features/bookings/components/TodaySection.module.css';

/** How long the search box waits after the last key before it asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

/** The booking the details dialog shows; pay opens its Record payment at once (a walk-in's "pay now"). */
type Opened = { id: number; bookingIdentifier: string; reference?: string; pay?: boolean };

/**
 * Today (issue 23): the staff's landing page. The company's sessions of one day in time order (the
 * company's time zone), each with its bookings (reference, name, phone, drivers, paid or to pay, state)
 * and an Arrived switch per booking; drivers arrived of expected per session and for the day. A day
 * stepper (previous, today, next, a chosen date); a search over all dates (retrieve-bookings' search: a
 * reference typed without its dash finds the booking); the booking's details with Record payment. Kept
 * live through the realtime hub (useDeskLive). Cards, no table: it reads on a 390 px phone; references,
 * phones and times are isolated left to right for Arabic.
 */
export function TodaySection({ company }: { company: AdminCompany }) {
  const { t } = useTranslation('bookings');
  const [today] = useState(() => todayIn(company.timeZone));
  const [day, setDay] = useState<IsoDay>(today);
  // /admin?pay=REFERENCE: the booking flow's "pay now" for a walk-in: find it and open its Record payment.
  const [params, setParams] = useSearchParams();
  const [payFor, setPayFor] = useState(() => params.get('pay'));
  const [typed, setTyped] = useState(() => params.get('pay') ?? '');
  const [debounced] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const searching = debounced.length >= MIN_SEARCH ? debounced : undefined;
  const [opened, setOpened] = useState<Opened | null>(null);
  useDeskLive(company.idCompany);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(tick);
  }, []);

  const view = useQuery(todayQueryOptions(company.idCompany, day));
  const found = useQuery({
    ...bookingsQueryOptions({ idCompany: company.idCompany, search: searching ?? '' }),
    enabled: searching !== undefined,
  });
  const format = useAdminFormat(company);
  const price = format.money;
  // Once the search for it has answered: one booking found opens with its Record payment; then the address
  // forgets ?pay, so a reload does not open it again.
  if (payFor && (found.data || found.isError)) {
    const rows = found.data?.data ?? [];
    setPayFor(null);
    if (rows.length === 1) {
      const r = rows[0];
      setOpened({ id: r.idBooking, bookingIdentifier: r.bookingIdentifier, reference: r.reference, pay: true });
    }
  }
  useEffect(() => {
    if (payFor !== null || !params.has('pay')) return;
    setParams(
      (p) => {
        p.delete('pay');
        return p;
      },
      { replace: true },
    );
  }, [payFor, params, setParams]);

  return (
    <Stack gap="md" component="section" aria-labelledby="today-heading">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} id="today-heading" size="h3">
          {t('today.heading')}
        </Title>
        <Group gap="xs">
          {/* A full load: the check-in page's own document is the one allowed the camera (Permissions-Policy). */}
          <Button component="a" href="/admin/check-in" variant="light">
            {t('today.checkIn')}
          </Button>
          {/* A walk-in: the booking flow in staff mode (the staff cookie goes with it on this origin). */}
          <Button component="a" href={`/${encodeURIComponent(company.publicKey)}`}>
            {t('today.newBooking')}
          </Button>
        </Group>
      </Group>
      <TextInput
        type="search"
        label={t('search.label')}
        description={t('search.description')}
        placeholder={t('search.placeholder')}
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        rightSection={typed ? <CloseButton size="sm" aria-label={t('search.clear')} onClick={() => setTyped('')} /> : undefined}
      />
      {searching && (
        <SearchResults
          rows={found.data?.data}
          loading={found.isPending}
          failed={found.isError}
          search={searching}
          price={price}
          format={format}
          onOpen={(row) => setOpened({ id: row.idBooking, bookingIdentifier: row.bookingIdentifier, reference: row.reference })}
        />
      )}
      <nav aria-label={t('today.stepper')} className={classes.stepper}>
        <Button variant="default" onClick={() => setDay(addDays(day, -1))}>
          {t('today.previous')}
        </Button>
        <Button variant={day === today ? 'filled' : 'default'} onClick={() => setDay(today)} aria-pressed={day === today}>
          {t('today.today')}
        </Button>
        <Button variant="default" onClick={() => setDay(addDays(day, 1))}>
          {t('today.next')}
        </Button>
        <DateField
          label={t('today.date')}
          value={day}
          onChange={(v) => {
            if (v && isIsoDay(v)) setDay(v);
          }}
          className={classes.date}
        />
      </nav>
      {view.isPending && <Loader aria-label={t('today.loading')} />}
      {view.isError && (
        <Alert color="red" role="alert">
          {t('today.failed')}
        </Alert>
      )}
      {view.data && (
        <>
          <Text fw={600} role="status" aria-live="polite">
            {t('today.summary', {
              day: isolate(format.longDay(view.data.date)),
              arrived: view.data.arrivedDrivers,
              expected: view.data.expectedDrivers,
            })}
          </Text>
          {view.data.sessions.length === 0 && <Text c="gray.7">{t('today.empty')}</Text>}
          {view.data.sessions.map((s) => (
            <SessionCard
              key={`${s.kind}-${s.circuitId ?? s.name}-${s.startsAt}`}
              company={company}
              session={s}
              now={now}
              day={day}
              price={price}
              onOpen={(b) => setOpened({ id: b.id, bookingIdentifier: b.identifier, reference: b.reference })}
            />
          ))}
        </>
      )}
      <BookingDetailsDialog company={company} booking={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
}

interface SessionCardProps {
  company: AdminCompany;
  session: TodaySession;
  /** The time now (ms), ticking each minute: a session that has started offers No-show. */
  now: number;
  day: IsoDay;
  price: (amount: number) => string;
  onOpen: (b: TodayBooking) => void;
}

function SessionCard({ company, session, now, day, price, onOpen }: SessionCardProps) {
  const { t } = useTranslation('bookings');
  const format = useAdminFormat(company);
  const started = Date.parse(session.startsAt) <= now;
  const [waitlistOpen, setWaitlistOpen] = useState(false);
  const headingId = `session-${session.kind}-${session.circuitId ?? 'e'}-${session.startsAt}`.replace(/[^A-Za-z0-9_-]/g, '');
  const circuitId = session.kind === 'session' ? session.circuitId : null;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={headingId} className={classes.session}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={3} size="h4" id={headingId}>
          <bdi>{format.time(session.localTime)}</bdi> · {session.name}
          {session.kind === 'event' && (
            <Badge ms="xs" variant="outline" color="gray.8">
              {t('today.event')}
            </Badge>
          )}
        </Title>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {t('today.arrivedOf', { arrived: session.arrivedDrivers, expected: session.expectedDrivers })}
          </Text>
          {circuitId && (
            <Button size="compact-sm" variant="light" onClick={() => setWaitlistOpen(true)} aria-describedby={headingId}>
              {t('waitlist.open')}
            </Button>
          )}
        </Group>
      </Group>
      {waitlistOpen && circuitId && (
        <WaitlistDialog
          idCompany={company.idCompany}
          circuitId={circuitId}
          startsAt={session.startsAt}
          title={`${session.localTime} · ${session.name}`}
          timeZone={company.timeZone}
          onClose={() => setWaitlistOpen(false)}
        />
      )}
      {session.products.length > 0 && (
        <Text size="sm" c="gray.7">
          {session.products.join(', ')}
        </Text>
      )}
      <ul className={classes.bookings}>
        {session.bookings.map((b) => (
          <BookingItem key={b.id} company={company} booking={b} day={day} started={started} price={price} onOpen={onOpen} />
        ))}
      </ul>
    </Paper>
  );
}

interface BookingItemProps {
  company: AdminCompany;
  booking: TodayBooking;
  day: IsoDay;
  /** The session has started: a booking not arrived may be marked a no-show. */
  started: boolean;
  price: (amount: number) => string;
  onOpen: (b: TodayBooking) => void;
}

function BookingItem({ company, booking, day, started, price, onOpen }: BookingItemProps) {
  const { t } = useTranslation('bookings');
  const queryClient = useQueryClient();
  const noShow = useMutation({
    mutationFn: (on: boolean) =>
      on
        ? markNoShow(company.idCompany, booking.id)
        : markArrival({ idCompany: company.idCompany, bookingId: booking.id, arrived: false, idempotencyKey: newIdempotencyKey('arrival') }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: todayKey(company.idCompany) }),
    onError: (error) => toast(error.message || t('today.markFailed')),
  });
  const mark = useMutation({
    mutationFn: (arrived: boolean) =>
      markArrival({ idCompany: company.idCompany, bookingId: booking.id, arrived, idempotencyKey: newIdempotencyKey('arrival') }),
    onSuccess: (result) => {
      queryClient.setQueryData(todayKey(company.idCompany, day), (old: unknown) =>
        withArrival(old, result.bookingId, result.arrived),
      );
      void queryClient.invalidateQueries({ queryKey: todayKey(company.idCompany) });
    },
    onError: () => toast(t('today.markFailed')),
  });
  const arrived = mark.isPending ? (mark.variables ?? booking.arrived) : booking.arrived;
  return (
    <li className={classes.booking}>
      <div className={classes.who}>
        <Text fw={700}>
          <bdi dir="ltr">{booking.reference}</bdi>
        </Text>
        <Text>{booking.name}</Text>
        <Text size="sm" c="gray.7">
          <bdi dir="ltr">{booking.phone}</bdi>
        </Text>
      </div>
      <div className={classes.facts}>
        <Text size="sm">{t('today.drivers', { count: booking.drivers })}</Text>
        <Text size="sm" fw={booking.due > 0 ? 700 : undefined}>
          {/* The amount isolated: in Arabic "kr. 398.00" must not lose its full stop to the sentence's end. */}
          {booking.due > 0 ? t('today.due', { amount: isolate(price(booking.due)) }) : t('today.paid', { amount: isolate(price(booking.paid)) })}
        </Text>
        <BookingStatus state={booking.state} />
        {booking.noShow && (
          <Badge color="red" variant="light">
            {t('noShow.badge')}
          </Badge>
        )}
      </div>
      <Group gap="sm" wrap="wrap" className={classes.actions}>
        {booking.noShow ? (
          <Button
            variant="subtle"
            size="xs"
            loading={noShow.isPending}
            onClick={() => noShow.mutate(false)}
            aria-label={t('noShow.undoFor', { reference: booking.reference, name: booking.name })}
          >
            {t('noShow.undo')}
          </Button>
        ) : (
          started &&
          !arrived && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              loading={noShow.isPending}
              onClick={() => noShow.mutate(true)}
              aria-label={t('noShow.markFor', { reference: booking.reference, name: booking.name })}
            >
              {t('noShow.mark')}
            </Button>
          )
        )}
        <Switch
          checked={arrived}
          disabled={mark.isPending}
          onChange={(e) => mark.mutate(e.currentTarget.checked)}
          label={t('today.arrived')}
          aria-label={t('today.arrivedFor', { reference: booking.reference, name: booking.name })}
        />
        <Button variant="light" size="xs" onClick={() => onOpen(booking)} aria-label={t('actions.details', { id: booking.reference })}>
          {t('today.details')}
        </Button>
      </Group>
    </li>
  );
}

/** The cached day with one booking's arrival changed (the answer of a mark, before the day is read again). */
function withArrival(old: unknown, bookingId: number, arrived: boolean): unknown {
  const view = old as { sessions?: TodaySession[] } | undefined;
  if (!view?.sessions) return old;
  return {
    ...view,
    sessions: view.sessions.map((s) => ({
      ...s,
      bookings: s.bookings.map((b) => (b.id === bookingId ? { ...b, arrived } : b)),
    })),
  };
}

interface SearchResultsProps {
  rows: BookingRow[] | undefined;
  loading: boolean;
  failed: boolean;
  search: string;
  price: (amount: number) => string;
  format: AdminFormat;
  onOpen: (row: BookingRow) => void;
}

function SearchResults({ rows, loading, failed, search, price, format, onOpen }: SearchResultsProps) {
  const { t } = useTranslation('bookings');
  if (loading) return <Loader size="sm" aria-label={t('today.searching')} />;
  if (failed) return <Alert color="red">{t('failed')}</Alert>;
  return (
    <section aria-label={t('search.grid', { search })}>
      {rows && rows.length === 0 && <Text c="gray.7">{t('search.empty')}</Text>}
      <ul className={classes.bookings}>
        {rows?.map((r) => (
          <li key={r.idBooking} className={classes.booking}>
            <div className={classes.who}>
              <Text fw={700}>
                <bdi dir="ltr">{r.reference}</bdi>
              </Text>
              <Text>{r.contactName}</Text>
              <Text size="sm" c="gray.7">
                <bdi>{r.bookingDate ? format.dateTime(r.bookingDate) : t('noDate')}</bdi>
              </Text>
            </div>
            <div className={classes.facts}>
              <Text size="sm">{isolate(price(r.price))}</Text>
              <BookingStatus state={r.state} />
            </div>
            <Button variant="light" size="xs" onClick={() => onOpen(r)} aria-label={t('actions.details', { id: r.reference })}>
              {t('today.details')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
