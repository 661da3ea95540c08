import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

export type BookingRow = components['schemas']['BookingRow'];
export type BookingRows = components['schemas']['BookingRows'];
export type BookingMasterData = components['schemas']['BookingMasterData'];

/** Which date the range applies to: the session's (fechaReserva, the default) or the sale's (fechaVenta). */
export type FilterType = 'fechaReserva' | 'fechaVenta';

/** One bookings query as sent: the company, the days (YYYY-MM-DD, both included) and the filter. */
export interface BookingsQuery {
  idCompany: number;
  dateIni: string;
  dateEnd: string;
  filterType: FilterType;
}

/** A search over all dates (no range): the reference, the start of a name or e-mail, or a phone's digits. */
export interface BookingsSearch {
  idCompany: number;
  search: string;
}

/** The shortest search the server accepts (characters, trimmed); shorter ones are not sent. */
export const MIN_SEARCH = 2;

/** POST /api/admin/retrieve-bookings (fails with an ApiError; 422 carries the server's message). */
export function bookingsQueryOptions(query: BookingsQuery | BookingsSearch) {
  const key =
    'search' in query
      ? ['admin', 'bookings', query.idCompany, 'search', query.search]
      : ['admin', 'bookings', query.idCompany, query.dateIni, query.dateEnd, query.filterType];
  // A search is sent without dates: the server then searches all dates (the filter type does not apply).
  const body = 'search' in query ? { ...query, filterType: 'fechaReserva' as const } : query;
  return queryOptions({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const { data, error, response } = await api.POST('/api/admin/retrieve-bookings', { body, signal });
      if (!data) throw new ApiError(response.status, error);
      return data;
    },
    staleTime: 0,
  });
}

/** GET /api/booking/master-data/{id}?idCompany: the whole booking for the details dialog. */
export function masterDataQueryOptions(idCompany: number, id: number) {
  return queryOptions({
    queryKey: ['admin', 'booking-master-data', idCompany, id],
    queryFn: async ({ signal }) => {
      const { data, error, response } = await api.GET('/api/booking/master-data/{id}', {
        params: { path: { id }, query: { idCompany } },
        signal,
      });
      if (!data) throw new ApiError(response.status, error);
      return data;
    },
  });
}

/** DELETE /api/private/cancelBooking/{id}?idCompany (409 when it cannot be cancelled, with the reason). */
export async function cancelBooking(idCompany: number, id: number): Promise<void> {
  const { data, error, response } = await api.DELETE('/api/private/cancelBooking/{id}', {
    params: { path: { id }, query: { idCompany } },
  });
  if (!data) throw new ApiError(response.status, error);
}

/**
 * The address of GET /api/admin/export-bookings for a query: the browser downloads the file (CSV or
 * XLSX, with totals rows and headings in `lang`) with the session cookie, like any same-origin link.
 */
export function exportUrl(query: BookingsQuery, format: 'csv' | 'xlsx', lang: string): string {
  const params = new URLSearchParams({
    idCompany: String(query.idCompany),
    dateIni: query.dateIni,
    dateEnd: query.dateEnd,
    filterType: query.filterType,
    format,
    lang,
  });
  return `/api/admin/export-bookings?${params.toString()}`;
}

/** The ways a payment is taken at the counter, in the order the dialog offers them; credit spends a credit note. */
export const DESK_METHODS = ['cash', 'card_terminal', 'voucher', 'other', 'credit'] as const;
export type DeskMethod = (typeof DESK_METHODS)[number];

/** What a counter payment did: the booking's state and sums after it. */
export type DeskPaymentResult = components['schemas']['DeskPaymentResult']['data'];

/** One payment taken at the counter: the booking, the method, the amount in hundredths and its key. */
export interface DeskPaymentOrder {
  idCompany: number;
  bookingId: number;
  method: DeskMethod;
  hundredths: number;
  idempotencyKey: string;
  /** With the method credit: the credit note's code as typed. */
  creditCode?: string;
}

/**
 * POST /api/admin/record-payment: records a payment taken at the counter. The same key records once, so a
 * double tap or a retry is harmless; 422 (more than due, nothing due) carries the server's message.
 */
export async function recordPayment(order: DeskPaymentOrder): Promise<DeskPaymentResult> {
  const { data, error, response } = await api.POST('/api/admin/record-payment', {
    params: { header: { 'Idempotency-Key': order.idempotencyKey } },
    body: {
      idCompany: order.idCompany,
      bookingId: order.bookingId,
      method: order.method,
      amount: order.hundredths,
      ...(order.method === 'credit' ? { creditCode: order.creditCode ?? '' } : {}),
    },
  });
  if (!data) throw new ApiError(response.status, error);
  return data.data;
}

/** One correction of a counter payment: the payment, the amount taken off in hundredths, why, and its key. */
export interface DeskCorrectionOrder {
  idCompany: number;
  bookingId: number;
  paymentId: number;
  hundredths: number;
  reason: string;
  idempotencyKey: string;
}

/**
 * POST /api/admin/correct-payment (ADMIN and above): a correction line with its reason against a counter
 * payment recorded by mistake; history is never edited. The same key corrects once.
 */
export async function correctPayment(order: DeskCorrectionOrder): Promise<DeskPaymentResult> {
  const { data, error, response } = await api.POST('/api/admin/correct-payment', {
    params: { header: { 'Idempotency-Key': order.idempotencyKey } },
    body: {
      idCompany: order.idCompany,
      bookingId: order.bookingId,
      paymentId: order.paymentId,
      amount: order.hundredths,
      reason: order.reason,
    },
  });
  if (!data) throw new ApiError(response.status, error);
  return data.data;
}

/** What a cancel from the booking's details did: what went back, and what a provider refused (owed at the desk). */
export type CancelWithMoneyResult = components['schemas']['AdminCancelRefundResult']['data'];

/** What happens to a cancelled booking's money: refunded, kept as a credit note, or neither. */
export type CancelMoney = 'refund' | 'credit' | 'none';

/**
 * POST /api/admin/cancel-booking (ADMIN and above, as refunds): cancels the booking and, in the same step,
 * gives back everything paid (refund), keeps it as a credit note (credit) or neither (none). 409 (cannot be
 * cancelled) and 422 (no refund allowed now, nothing to keep) carry the server's reason.
 */
export async function cancelWithMoney(idCompany: number, bookingId: number, money: CancelMoney): Promise<CancelWithMoneyResult> {
  const { data, error, response } = await api.POST('/api/admin/cancel-booking', { body: { idCompany, bookingId, money } });
  if (!data) throw new ApiError(response.status, error);
  return data.data;
}

/** A credit note as the counter sees it: code, balance, expiry and customer. */
export type CreditNote = components['schemas']['CreditNote'];

/** A credit note's code with its letters and digits only, upper case ("" when it cannot be one). */
export function normalizeCreditCode(typed: string): string {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  return /^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{16}$/.test(code) ? code : '';
}

/** POST /api/admin/credit-lookup (DESK and above): the note a code names; 404 unknown, 422 malformed. */
export async function lookupCredit(idCompany: number, code: string): Promise<CreditNote> {
  const { data, error, response } = await api.POST('/api/admin/credit-lookup', { body: { idCompany, code } });
  if (!data) throw new ApiError(response.status, error);
  return data.data;
}

/** The look-up as a query, keyed by the normalised code; only a complete code is asked. */
export function creditLookupQueryOptions(idCompany: number, code: string) {
  return queryOptions({
    queryKey: ['admin', 'credit-lookup', idCompany, code],
    queryFn: () => lookupCredit(idCompany, code),
    enabled: code !== '',
    retry: false,
    staleTime: 0,
  });
}

/** POST /api/admin/resend-confirmation (DESK and above): queues the confirmation mail again; answers the address. */
export async function resendConfirmation(idCompany: number, bookingId: number): Promise<string> {
  const { data, error, response } = await api.POST('/api/admin/resend-confirmation', { body: { idCompany, bookingId } });
  if (!data) throw new ApiError(response.status, error);
  return data.data.email;
}

/** A booking's contact as staff edit it. */
export interface ContactEdit {
  name: string;
  surname: string;
  email: string;
  phone: string;
}

/**
 * POST /api/admin/update-contact (DESK and above): the contact checked with the booking page's rules; 422
 * names each refused field (ApiError.fields). Answers the contact as stored (the phone in E.164).
 */
export async function updateContact(idCompany: number, bookingId: number, contact: ContactEdit): Promise<ContactEdit> {
  const { data, error, response } = await api.POST('/api/admin/update-contact', { body: { idCompany, bookingId, ...contact } });
  if (!data) throw new ApiError(response.status, error);
  return data.data;
}

export type MoveChoices = components['schemas']['MoveChoices']['data'];
export type MoveResult = components['schemas']['MoveBookingResult']['data'];

/**
 * GET /api/admin/move-choices (DESK and above): the sessions of one circuit-local day for the booking's
 * product, each with its free places, and the booking's sessions now. 409/422 carry why it cannot move.
 */
export function moveChoicesQueryOptions(idCompany: number, bookingId: number, date: string) {
  return queryOptions({
    queryKey: ['admin', 'move-choices', idCompany, bookingId, date],
    queryFn: async (): Promise<MoveChoices> => {
      const { data, error, response } = await api.GET('/api/admin/move-choices', { params: { query: { idCompany, bookingId, date } } });
      if (!data) throw new ApiError(response.status, error);
      return data.data;
    },
    staleTime: 0,
  });
}

/**
 * POST /api/admin/move-booking (DESK and above): moves the booking (a pack as a whole) to the session that
 * starts at startTime on date. 409 (full, the same session, cannot move) and 422 carry the server's reason.
 */
export async function moveBooking(idCompany: number, bookingId: number, date: string, startTime: string): Promise<MoveResult> {
  const { data, error, response } = await api.POST('/api/admin/move-booking', { body: { idCompany, bookingId, date, startTime } });
  if (!data) throw new ApiError(response.status, error);
  return data.data;
}
