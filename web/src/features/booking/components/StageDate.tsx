import '@mantine/dates/styles.css';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { DatePicker, DatesProvider } from '@mantine/dates';
import { useQueryClient } from '@tanstack/react-query';
import 'dayjs/locale/ar-sa';
import 'dayjs/locale/da';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/es';
import 'dayjs/locale/nb';
import 'dayjs/locale/sv';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreatePrebooking } from '@/features/booking/api/create-prebooking';
import { useAvailability } from '@/features/booking/api/get-availability';
import { SlotGrid } from '@/features/booking/components/SlotGrid';
import { StageHeading } from '@/features/booking/components/StageHeading';
import { WaitlistDialog } from '@/features/booking/components/WaitlistDialog';
import { waitableSlots } from '@/features/booking/utils/waitlist';
import classes from '@/features/booking/components/Wizard.module.css';
import { useWizard } from '@/features/booking/components/WizardProvider';
import { NextHint, NEXT_HINT_ID } from '@/features/booking/components/NextHint';
import { addDays, todayISO } from '@/features/booking/utils/format';
import { formatHour, formatLongDate, isolate } from '@/lib/format';
import { isPack, parseProductData } from '@/features/booking/utils/product';
import {
  canMarkAnother,
  EMPTY_SELECTION,
  markedTimes,
  packChain,
  packPrice,
  selectionFromHolds,
  selectionReducer,
  slotStatus,
  stockLeft,
  type Slot,
} from '@/features/booking/utils/slots';
import { visitorId } from '@/lib/visitor';
import { toast } from '@/lib/toast';
import { ApiError } from '@/lib/api/errors';

/** The default booking window in days when the server has not said yet (spec section 9). */
const DEFAULT_MAX_DAYS = 30;

const DAYJS_LOCALE: Record<string, string> = {
  en: 'en-gb',
  es: 'es',
  da: 'da',
  ar: 'ar-sa',
  de: 'de',
  nb: 'nb',
  sv: 'sv',
};

/** Stage 1: the calendar and the day's sessions; marking a session holds it on the server. */
export function StageDate() {
  const { t, i18n } = useTranslation('booking');
  const { t: ts } = useTranslation('bookingSteps');
  const queryClient = useQueryClient();
  const { config, product, state, dispatch, ensureCart, release, goTo, navigated } = useWizard();
  const today = todayISO();
  const pack = product !== null && isPack(product);
  const [date, setDate] = useState(state.date && state.date >= today ? state.date : today);
  // Re-entering this stage from another one cancels the pre-bookings the visitor still held (spec section
  // 4). A reload is no re-entering: when the visitor has not moved between stages since the page loaded,
  // the sessions the server still holds on the day are kept and shown chosen.
  const [kept] = useState(() =>
    pack || navigated.current ? EMPTY_SELECTION : selectionFromHolds(state.holds, date),
  );
  const [selection, select] = useReducer(selectionReducer, kept);
  const [packWarning, setPackWarning] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [waitFor, setWaitFor] = useState<string | null>(null); // the session whose waiting list is open
  const createPrebooking = useCreatePrebooking(config.token, visitorId());
  const language = i18n.resolvedLanguage ?? i18n.language;
  const packSize = product?.products?.length ?? 0;
  const gapSlots = product ? (parseProductData(product.data).gapSlots ?? 0) : 0;

  const enteredWith = useRef(state.holds);
  useEffect(() => {
    const shown = new Set(Object.values(kept.marked));
    const held = enteredWith.current.map((h) => h.identifier).filter((id) => !shown.has(id));
    if (held.length) void release(held);
    // Setting the date forgets the item's holds: not when the kept ones are on it already.
    if (shown.size === 0) dispatch({ type: 'setDate', date });
    // Only on entering the stage.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const availability = useAvailability(
    product ? { date, idType: product.id, type: pack ? 'PACK' : 'PRODUCT', token: config.token } : null,
  );
  const loading = availability.isFetching || availability.isPending;
  const data = availability.isPlaceholderData ? undefined : availability.data;
  const slots = data?.slots ?? [];

  useEffect(() => {
    if (availability.isError && !loading) toast(t('errors.availability'));
  }, [availability.isError, loading, t]);

  if (!product) return null;

  const maxDays = data?.maxDaysBooking ?? availability.data?.maxDaysBooking ?? DEFAULT_MAX_DAYS;
  let maxDate = addDays(today, maxDays);
  const limit = (data ?? availability.data)?.dateLimitBooking;
  if (limit?.enabled && limit.date && limit.date < maxDate) maxDate = limit.date;

  const marked = markedTimes(selection);
  const waitable = waitableSlots(slots, state.drivers);
  const left = pack ? null : stockLeft(product.stock, marked.length, state.drivers);
  const statusOf = (slot: Slot, sel = selection) =>
    slotStatus(slot, { drivers: state.drivers, selection: sel, stockLeft: left, loading });

  const changeDate = (next: string | null) => {
    if (!next || next === date) return;
    const held = Object.values(selection.marked).filter((id): id is string => id !== null);
    select({ type: 'clear' });
    setPackWarning(null);
    if (held.length) void release(held);
    setDate(next);
    dispatch({ type: 'setDate', date: next });
    void queryClient.cancelQueries({ queryKey: ['availability'] });
  };

  const failPrebooking = (error: unknown, time: string | null) => {
    const status = error instanceof ApiError ? error.status : 0;
    // The server counts every session the cart holds (other products too): its refusal keeps the holds.
    const tooMany = status === 422 && error instanceof ApiError && maxSlotsRefusal(error);
    if (status === 420) toast(t('errors.sameUserSlotPrebooking'));
    else if (status === 421) toast(t('errors.noStock'));
    else if (status === 410) toast(t('errors.timeoutPrebooking'));
    else if (tooMany)
      toast(t('errors.alertaMsg', { count: config.maxSlotsBooking }), 'orange');
    else if (status === 422 && pack && error instanceof ApiError) {
      const reason = Object.values(error.fields ?? {}).join(' ');
      toast(reason.includes('pack_order') ? t('errors.ordenPacks') : t('errors.packContiguity'));
    } else toast(t('errors.problemas'));
    if (status >= 400 && status < 500 && status !== 420 && status !== 421 && !tooMany) {
      // Any other refusal: free every marked session and cancel every pre-booking of this item.
      const held = Object.values(selection.marked).filter((id): id is string => id !== null);
      select({ type: 'clear' });
      if (held.length) void release(held);
    } else if (time) {
      select({ type: 'failed', time });
    }
    // The session's places changed under the visitor (filled, or held in another tab): show them afresh.
    if (status === 420 || status === 421) void availability.refetch();
  };

  const holdProductSlot = async (slot: Slot) => {
    if (!canMarkAnother(marked.length + selection.processing.length, config.maxSlotsBooking)) {
      toast(t('errors.alertaMsg', { count: config.maxSlotsBooking }), 'orange');
      return;
    }
    select({ type: 'request', time: slot.startTime });
    try {
      const token = await ensureCart();
      const hold = await createPrebooking.mutateAsync({
        bookingDates: [`${date} ${slot.startTime}`],
        numDrivers: state.drivers,
        idType: product.id,
        type: 'PRODUCT',
        token,
        price: slot.price,
      });
      select({ type: 'held', time: slot.startTime, identifier: hold.prebookingIdentifier });
      dispatch({
        type: 'addHold',
        hold: {
          identifier: hold.prebookingIdentifier,
          bookingDates: [`${date} ${slot.startTime}`],
          price: hold.price,
          expiresAt: hold.expiresAt,
        },
      });
    } catch (error) {
      failPrebooking(error, slot.startTime);
    }
  };

  const onSlot = (slot: Slot) => {
    const status = statusOf(slot);
    setPackWarning(null);
    if (pack) {
      if (status === 'MARKED') {
        select({ type: 'clear' });
        return;
      }
      if (status !== 'AVAILABLE') return;
      // A new start replaces an earlier pack selection, whose sessions count as free again.
      const pick = packChain(slots, slot.startTime, packSize, gapSlots, (s) => statusOf(s, EMPTY_SELECTION) === 'AVAILABLE');
      if (pick.ok) select({ type: 'markPack', times: pick.times });
      else {
        select({ type: 'clear' });
        setPackWarning(ts('date.packWarning', { count: packSize }));
      }
      return;
    }
    if (status === 'MARKED') {
      const id = selection.marked[slot.startTime];
      select({ type: 'release', time: slot.startTime });
      if (id) void release([id]);
      return;
    }
    if (status === 'AVAILABLE') void holdProductSlot(slot);
  };

  const next = async () => {
    if (!pack) {
      goTo(2);
      return;
    }
    setSubmitting(true);
    try {
      const token = await ensureCart();
      const chosen = slots.filter((s) => s.startTime in selection.marked);
      const bookingDates = marked.map((time) => `${date} ${time}`);
      const hold = await createPrebooking.mutateAsync({
        bookingDates,
        numDrivers: state.drivers,
        idType: product.id,
        type: 'PACK',
        token,
        price: packPrice(chosen),
      });
      dispatch({
        type: 'addHold',
        hold: { identifier: hold.prebookingIdentifier, bookingDates, price: hold.price, expiresAt: hold.expiresAt },
      });
      goTo(2);
    } catch (error) {
      failPrebooking(error, null);
      select({ type: 'clear' });
    } finally {
      setSubmitting(false);
    }
  };

  const ready = pack ? marked.length === packSize && packSize > 0 : marked.length > 0 && selection.processing.length === 0;
  const notReady = ready
    ? null
    : selection.processing.length > 0
      ? t('nextHint.holding')
      : pack
        ? t('nextHint.choosePack', { count: packSize })
        : t('nextHint.chooseSession');

  return (
    <Stack gap="lg" component="section" aria-labelledby="stage-heading">
      <StageHeading>{ts('date.heading')}</StageHeading>
      <div className={classes.dateLayout}>
        <div className={classes.calendar}>
          <DatesProvider settings={{ locale: DAYJS_LOCALE[language] ?? 'en-gb', firstDayOfWeek: language === 'ar' ? 6 : 1 }}>
            <DatePicker
              value={date}
              // After a reload the chosen day may be in a later month: open on its month, not today's.
              defaultDate={date}
              onChange={changeDate}
              minDate={today}
              maxDate={maxDate}
              allowDeselect={false}
              ariaLabels={{
                nextMonth: ts('date.nextMonth'),
                previousMonth: ts('date.previousMonth'),
                nextYear: ts('date.nextYear'),
                previousYear: ts('date.previousYear'),
                nextDecade: ts('date.nextDecade'),
                previousDecade: ts('date.previousDecade'),
              }}
              getDayProps={(day) => ({ 'aria-pressed': day === date, 'data-date': day })}
              classNames={{ weekday: classes.weekday, day: classes.day }}
            />
          </DatesProvider>
        </div>
        <Stack gap="sm">
          <Text fw={700} aria-live="polite">
            {ts('date.sessionsOf', { date: isolate(formatLongDate(date, language)) })}
          </Text>
          {pack && (
            <Text size="sm" c="gray.7">
              {ts('date.packHint', { count: packSize })}
            </Text>
          )}
          {!pack && (
            <Text size="sm" c="gray.7">
              {ts('date.productHint', { count: config.maxSlotsBooking })}
            </Text>
          )}
          {packWarning && (
            <Alert color="orange" role="alert">
              {packWarning}
            </Alert>
          )}
          <SlotGrid
            slots={slots}
            loading={loading}
            failed={availability.isError && !loading}
            statusOf={statusOf}
            drivers={state.drivers}
            showFree={config.showUsersAvailable}
            selection={selection}
            onSlot={onSlot}
          />
          {config.waitlistEnabled && !pack && !loading && waitable.length > 0 && (
            <Stack gap="xs" data-testid="waitlist-offer">
              <Text size="sm" c="gray.7">
                {ts('waitlist.fullHint')}
              </Text>
              <Group gap="xs">
                {waitable.map((slot) => (
                  <Button key={slot.startTime} variant="light" size="xs" onClick={() => setWaitFor(slot.startTime)}>
                    {ts('waitlist.joinFor', { time: isolate(formatHour(slot.startTime)) })}
                  </Button>
                ))}
              </Group>
            </Stack>
          )}
          {waitFor && (
            <WaitlistDialog
              opened
              onClose={() => setWaitFor(null)}
              date={date}
              time={waitFor}
              productId={product.id}
              drivers={state.drivers}
              companyToken={config.token}
            />
          )}
        </Stack>
      </div>
      <Group justify="space-between">
        <Button variant="default" onClick={() => goTo(0)}>
          {t('back')}
        </Button>
        <NextHint reason={notReady} />
        <Button size="md" disabled={!ready} aria-describedby={notReady ? NEXT_HINT_ID : undefined} loading={submitting} onClick={() => void next()}>
          {t('next')}
        </Button>
      </Group>
    </Stack>
  );
}

/** maxSlotsRefusal tells whether a 422 is the server's maxSlotsBooking refusal (fields.bookingDates "max_slots…"). */
function maxSlotsRefusal(error: ApiError): boolean {
  return (error.fields?.bookingDates ?? '').startsWith('max_slots');
}
