import type { AdminConfig, AdminConfigSave, Period, SpecialRow } from '@/admin/features/settings/api/settings';

/** The weekday keys in the order the weekly schedule lists them (admin spec section 9). */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The spec's defaults for the General tab's 'restore defaults' (admin spec section 9). */
export const DEFAULTS = {
  interval: 15,
  maxParticipants: 10,
  maxDaysBooking: 45,
  maxSlotsBooking: 3,
  disableHoursBooking: 0,
  openingDate: '08:00',
  closingDate: '23:00',
} as const;

/** The editable settings of one installation, as the dialog's tabs change them. */
export interface Draft {
  idInstallation: number;
  name: string;
  enableBooking: boolean;
  interval: number;
  maxParticipants: number;
  openingDate: string;
  closingDate: string;
  showEmails: boolean;
  emailOptional: boolean;
  maxDaysBooking: number;
  maxSlotsBooking: number;
  disableHoursBooking: number;
  enableGroupedProducts: boolean;
  dateLimit: { enabled: boolean; date: string };
  /**
   * Weekdays the weekly schedule lists, each with its periods as read (one or two) until the user edits the
   * day, then two; an absent day keeps the general hours. Kept as read so that a save that does not touch
   * the weekly schedule sends it back unchanged.
   */
  weekly: Partial<Record<Weekday, Period[]>>;
  /**
   * The rules as read (excluded hours and days, allowed days), sent back untouched: the server derives the
   * excluded hours only of the weekdays whose opening a save changes, keeping each day's own breaks.
   */
  rules: Record<string, unknown>;
  special: SpecialRow[];
  confirmationEmails: string[];
  cancellationEmails: string[];
  /** How customers reach the circuit (the cancel page, mails): its contact e-mail and phone; '' for none. */
  contactEmail: string;
  contactPhone: string;
  /** The installation's IANA time zone (read only): what "today" is for the date pickers' bounds. */
  timeZone: string;
}

/** The draft of an AdminConfig answer. */
export function draftOf(c: AdminConfig): Draft {
  const i = c.installation;
  const weekly: Draft['weekly'] = {};
  for (const wd of WEEKDAYS) {
    const periods = i.data.generalSchedule[wd];
    if (periods) weekly[wd] = periods.map((p) => ({ ...p }));
  }
  return {
    idInstallation: c.idInstallation,
    name: i.name,
    enableBooking: i.enableBooking,
    interval: i.interval,
    maxParticipants: i.maxParticipants,
    openingDate: i.openingDate,
    closingDate: i.closingDate,
    showEmails: i.data.showEmails,
    emailOptional: i.data.emailOptional,
    maxDaysBooking: i.data.maxDaysBooking,
    maxSlotsBooking: i.data.maxSlotsBooking,
    disableHoursBooking: i.data.disableHoursBooking,
    enableGroupedProducts: i.data.enableGroupedProducts,
    dateLimit: { ...i.data.dateLimitBooking },
    weekly,
    rules: i.data.rules,
    special: i.data.specialSchedule.map((r) => ({ date: [...r.date], schedule: { ...r.schedule, value: [...r.schedule.value] } })),
    confirmationEmails: [...i.confirmationBookingEmails],
    cancellationEmails: [...i.cancelBookingEmails],
    contactEmail: i.data.contactEmail,
    contactPhone: i.data.contactPhone,
    timeZone: i.timeZone,
  };
}

/**
 * The two periods a weekday shows: its own (a missing second one shown closed), or the general hours when
 * the weekly schedule does not list it.
 */
export function dayPeriods(d: Draft, wd: Weekday): [Period, Period] {
  const periods = d.weekly[wd];
  if (!periods) {
    return [
      { from: d.openingDate, to: d.closingDate, open: true },
      { from: d.closingDate, to: d.closingDate, open: false },
    ];
  }
  const p1 = periods[0] ?? { from: d.openingDate, to: d.closingDate, open: false };
  const p2 = periods[1] ?? { from: p1.to, to: d.closingDate, open: false };
  return [{ ...p1 }, { ...p2 }];
}

/** Whether the weekly schedule lists the weekday with no open period (the day is closed). */
export function weekdayClosed(d: Draft, wd: Weekday): boolean {
  const day = d.weekly[wd];
  return !!day && !day.some((p) => p.open);
}

/** The body of POST /api/admin/saveConfig for the draft at a version. */
export function toSave(idCompany: number, version: number, d: Draft): AdminConfigSave {
  const generalSchedule: Record<string, Period[]> = {};
  for (const wd of WEEKDAYS) {
    const day = d.weekly[wd];
    if (day) generalSchedule[wd] = day.map((p) => ({ ...p }));
  }
  return {
    idCompany,
    idInstallation: d.idInstallation,
    version,
    enableBooking: d.enableBooking,
    interval: d.interval,
    maxParticipants: d.maxParticipants,
    openingDate: d.openingDate,
    closingDate: d.closingDate,
    confirmationBookingEmails: d.confirmationEmails,
    cancelBookingEmails: d.cancellationEmails,
    data: {
      showEmails: d.showEmails,
      emailOptional: d.emailOptional,
      maxDaysBooking: d.maxDaysBooking,
      maxSlotsBooking: d.maxSlotsBooking,
      disableHoursBooking: d.disableHoursBooking,
      enableGroupedProducts: d.enableGroupedProducts,
      dateLimitBooking: d.dateLimit,
      rules: d.rules,
      generalSchedule,
      specialSchedule: d.special.map((r) => ({ date: r.date, schedule: r.schedule })),
      contactEmail: d.contactEmail.trim(),
      contactPhone: d.contactPhone.trim(),
    },
  };
}

/** The General tab's bounds (admin spec section 5), by the save request's field names; empty when all hold. */
export function boundErrors(d: Draft): Record<string, 'interval' | 'min1' | 'slots' | 'hours'> {
  const out: Record<string, 'interval' | 'min1' | 'slots' | 'hours'> = {};
  const int = (n: number) => Number.isInteger(n);
  if (!int(d.interval) || d.interval < 1 || d.interval > 480) out.interval = 'interval';
  if (!int(d.maxParticipants) || d.maxParticipants < 1) out.maxParticipants = 'min1';
  if (!int(d.maxSlotsBooking) || d.maxSlotsBooking < 1 || d.maxSlotsBooking > 10) out['data.maxSlotsBooking'] = 'slots';
  if (!int(d.maxDaysBooking) || d.maxDaysBooking < 1) out['data.maxDaysBooking'] = 'min1';
  if (!int(d.disableHoursBooking) || d.disableHoursBooking < 0 || d.disableHoursBooking > 24) out['data.disableHoursBooking'] = 'hours';
  return out;
}
