import { Alert, Button, CloseButton, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFields } from '@/admin/components/DateRangeFields';
import {
  bookingsQueryOptions,
  exportUrl,
  MIN_SEARCH,
  type BookingRow,
  type BookingsQuery,
  type FilterType,
} from '@/admin/features/bookings/api/bookings';
import { BookingDetailsDialog } from '@/admin/features/bookings/components/BookingDetailsDialog';
import { BookingCards } from '@/admin/features/bookings/components/BookingCards';
import { CancelDialogHost } from '@/admin/features/bookings/components/CancelBookingButton';
import { BookingsGrid } from '@/admin/features/bookings/components/BookingsGrid';
import { atLeast } from '@/admin/lib/roles';
import { useFilterType } from '@/admin/features/bookings/hooks/use-filter-type';
import type { AdminCompany } from '@/admin/lib/company';
import { maxRangeDays, rangeProblem, adminDayBounds, todayIn, upcomingRange, type DayRange } from '@/admin/lib/dates';
import { ApiError } from '@/lib/api/errors';
import { useAdminFormat } from '@/admin/lib/format';
import { usePhone } from '@/admin/lib/phone';
import { isolate } from '@/lib/format';
import { toast } from '@/lib/toast';

const EMPTY: BookingRow[] = [];

/** How long the search box waits after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The bookings section (admin spec sections 2, 5 and 8): a date range (at most the company's
 * maxDaysBooking, at least 31 days; the server's 422 message shows otherwise), the filter (session date by
 * default, remembered), a search button, the grid with its totals, CSV/XLSX export of the range,
 * refresh, details and cancel per row. It loads today up to today + maxDaysBooking by session date at once
 * (upcomingRange). One search box finds a booking over all dates (issue 23): by its reference, the start of
 * a name or e-mail, or a phone's digits; typed text of 2 characters or more replaces the range's rows with
 * the search's (debounced), and clearing it brings the range back.
 */
export function BookingsSection({ company }: { company: AdminCompany }) {
  const { t, i18n } = useTranslation('bookings');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const format = useAdminFormat(company);
  const phone = usePhone();
  const [today] = useState(() => todayIn(company.timeZone));
  const [range, setRange] = useState<DayRange>(() => upcomingRange(today, company.maxDaysBooking));
  const [filter, setFilter] = useFilterType();
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const searching = debounced.length >= MIN_SEARCH ? debounced : undefined;
  const [query, setQuery] = useState<BookingsQuery>(() => ({
    idCompany: company.idCompany,
    dateIni: range.start,
    dateEnd: range.end,
    filterType: filter,
  }));
  const [details, setDetails] = useState<BookingRow | null>(null);

  const maxDays = maxRangeDays(company.maxDaysBooking);
  const problem = rangeProblem(range, adminDayBounds(today), maxDays);
  const bookings = useQuery(
    bookingsQueryOptions(searching ? { idCompany: company.idCompany, search: searching } : query),
  );
  const unprocessable = bookings.error instanceof ApiError && bookings.error.status === 422 ? bookings.error : undefined;

  // A failure other than a rule the server explains (422) or the session's end (401, AdminPage): a toast.
  const failed = bookings.isError && !unprocessable && !(bookings.error instanceof ApiError && bookings.error.status === 401);
  useEffect(() => {
    if (failed) toast(t('failed'));
  }, [failed, t]);

  // The range's Search button: the range's rows again (a search typed is cleared).
  const search = () => {
    const next = { idCompany: company.idCompany, dateIni: range.start, dateEnd: range.end, filterType: filter };
    if (typed) {
      setTyped('');
      setQuery(next);
    } else if (
      next.dateIni === query.dateIni &&
      next.dateEnd === query.dateEnd &&
      next.filterType === query.filterType
    ) {
      void bookings.refetch();
    } else {
      setQuery(next);
    }
  };
  const { refetch } = bookings;
  const reload = useCallback(() => void refetch(), [refetch]);
  const openDetails = useCallback((row: BookingRow) => setDetails(row), []);

  const rows = bookings.data?.data ?? EMPTY;
  const totals = bookings.data?.totals;
  const listLabel = searching
    ? t('search.grid', { search: searching })
    : t('grid', { start: isolate(format.day(query.dateIni)), end: isolate(format.day(query.dateEnd)) });
  const tooShort = typed.trim().length > 0 && typed.trim().length < MIN_SEARCH;

  return (
    <Stack gap="md" component="section" aria-labelledby="bookings-heading">
      <Title order={2} id="bookings-heading" size="h3">
        {t('heading')}
      </Title>
      <TextInput
        type="search"
        label={t('search.label')}
        description={t('search.description')}
        placeholder={t('search.placeholder')}
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        maxLength={100}
        maw={420}
        error={tooShort ? t('search.tooShort') : undefined}
        rightSection={
          typed ? <CloseButton size="sm" aria-label={t('search.clear')} onClick={() => setTyped('')} /> : undefined
        }
      />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!problem) search();
        }}
      >
        <Group align="flex-end" gap="md" wrap="wrap">
          <DateRangeFields value={range} onChange={setRange} timeZone={company.timeZone} maxDays={maxDays} />
          <Radio.Group label={t('filter.label')} value={filter} onChange={(v) => setFilter(v as FilterType)}>
            <Group gap="md" mt={6}>
              <Radio value="fechaReserva" label={t('filter.session')} />
              <Radio value="fechaVenta" label={t('filter.sale')} />
            </Group>
          </Radio.Group>
          <Button type="submit" disabled={problem !== undefined} loading={bookings.isFetching}>
            {t('query')}
          </Button>
        </Group>
      </form>
      {problem === 'length' && (
        <Text c="red" size="sm" role="alert">
          {t('rangeTooLong', { days: maxDays })}
        </Text>
      )}
      {unprocessable && (
        <Alert color="red" role="alert">
          {unprocessable.message}
        </Alert>
      )}

      <Group gap="sm" wrap="wrap">
        <Button variant="default" onClick={reload} disabled={bookings.isFetching}>
          {t('refresh')}
        </Button>
        {/* The exports carry every customer's contact details in bulk: ADMIN's, not the counter's. */}
        {atLeast(company.role, 'ADMIN') && (
          <>
            <Button component="a" variant="default" href={exportUrl(query, 'csv', language)} download>
              {t('exportCsv')}
            </Button>
            <Button component="a" variant="default" href={exportUrl(query, 'xlsx', language)} download>
              {t('exportXlsx')}
            </Button>
          </>
        )}
        {searching && atLeast(company.role, 'ADMIN') && (
          <Text size="sm" c="gray.7">
            {t('search.exportRange')}
          </Text>
        )}
      </Group>

      {/* A phone (600 pixels or less) gets one card per booking instead of the grid's ten columns (issue 25). */}
      {/* The cancel dialog is held above the list: it stays open when the list is drawn afresh (grid and cards swap at 600 px). */}
      <CancelDialogHost company={company}>
        {phone ? (
          <BookingCards rows={rows} company={company} label={listLabel} onDetails={openDetails} />
        ) : (
          <BookingsGrid rows={rows} company={company} label={listLabel} onDetails={openDetails} />
        )}
      </CancelDialogHost>
      {bookings.isSuccess && rows.length === 0 && <Text c="gray.7">{t(searching ? 'search.empty' : 'empty')}</Text>}
      {searching && totals?.truncated && (
        <Text c="gray.7" size="sm">
          {t('search.truncated', { count: rows.length })}
        </Text>
      )}
      {totals && (
        <Group gap="lg" role="status" aria-live="polite">
          <Text fw={600}>{t('totals.bookings', { count: totals.bookings })}</Text>
          <Text fw={600}>{t('totals.sessions', { count: totals.sessions })}</Text>
          <Text fw={600}>{t('totals.drivers', { count: totals.drivers })}</Text>
        </Group>
      )}

      <BookingDetailsDialog company={company} booking={details} onClose={() => setDetails(null)} />
    </Stack>
  );
}
