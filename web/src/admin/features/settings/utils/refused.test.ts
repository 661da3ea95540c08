import en from '@/admin/features/settings/locales/en.json';
import { refusals, valueAt } from '@/admin/features/settings/utils/refused';

/** The English text of a dotted key of the settings namespace, or undefined when there is none. */
function english(key: string): unknown {
  return valueAt(en, key);
}

describe('the refusals of a settings save', () => {
  // Every field and wording internal/setup/validate.go and internal/schedule/validate.go can send.
  it.each([
    ['interval', 'must be between 1 and 480 minutes', 'general', 'interval', 'general.errors.interval'],
    ['maxParticipants', 'must be between 1 and 10000', 'general', 'maxParticipants', 'refused.between'],
    ['data.maxSlotsBooking', 'must be between 1 and 10', 'general', 'data.maxSlotsBooking', 'general.errors.slots'],
    ['data.maxDaysBooking', 'must be between 1 and 3650', 'general', 'data.maxDaysBooking', 'refused.between'],
    ['data.disableHoursBooking', 'must be between 0 and 24 hours', 'general', 'data.disableHoursBooking', 'general.errors.hours'],
    ['data.dateLimitBooking.date', 'must be a date YYYY-MM-DD', 'general', 'dateLimit', 'refused.date'],
    ['data.dateLimitBooking.date', 'must be no earlier than a year ago', 'general', 'dateLimit', 'refused.dateLimitEarly'],
    ['data.dateLimitBooking.date', 'must be no later than 2031-12-31', 'general', 'dateLimit', 'refused.dateLimitLate'],
    ['data.contactEmail', 'must be a valid e-mail address', 'general', 'contactEmail', 'general.invalidEmail'],
    ['data.contactPhone', 'must be a phone number in international form, with its country code: +34 942 123 456', 'general', 'contactPhone', 'general.errors.phone'],
    ['confirmationBookingEmails', 'holds at most 20 addresses', 'general', 'confirmationEmails', 'refused.emailsMax'],
    ['confirmationBookingEmails[1]', 'must be a valid e-mail address', 'general', 'confirmationEmails', 'refused.emailInList'],
    ['cancelBookingEmails[2]', 'is already in the list', 'general', 'cancellationEmails', 'refused.emailTwice'],
    ['openingDate', 'must be a time HH:mm', 'generalSchedule', 'openingDate', 'refused.time'],
    ['closingDate', 'must differ from openingDate', 'generalSchedule', 'closingDate', 'refused.sameTime'],
    ['data.generalSchedule.SA', 'has more than 2 periods', 'weekly', 'weekly.SA', 'refused.periods'],
    ['data.generalSchedule.MO[1]', 'overlaps another period (overlappingHours)', 'weekly', 'weekly.MO', 'overlappingHours'],
    ['data.generalSchedule.TU[0].to', 'must differ from from', 'weekly', 'weekly.TU', 'refused.sameTime'],
    ['data.generalSchedule.WE[0].from', 'must be a time HH:mm', 'weekly', 'weekly.WE', 'refused.time'],
    ['data.specialSchedule[0].date', 'must not be in the past', 'special', 'special.0', 'special.past'],
    ['data.specialSchedule[3].date', 'must be no later than 2031-12-31', 'special', 'special.3', 'special.tooLate'],
    ['data.specialSchedule[1].date', 'overlaps another special day (dateExists)', 'special', 'special.1', 'dateExists'],
    ['data.specialSchedule[1].date', 'must hold one date or a first and last date', 'special', 'special.1', 'refused.dates'],
    ['data.specialSchedule[1].date', 'must be YYYY-MM-DD dates, the first not after the last', 'special', 'special.1', 'refused.dates'],
    ['data.specialSchedule[2].schedule', 'cannot be both closed and open24h', 'special', 'special.2', 'refused.closedAndOpen'],
    ['data.specialSchedule[2].schedule.value', 'has more than 2 periods', 'special', 'special.2', 'refused.periods'],
    ['data.specialSchedule[2].schedule.value[1]', 'overlaps another period (overlappingHours)', 'special', 'special.2', 'overlappingHours'],
  ])('%s "%s" is a sentence on the %s tab', (path, text, tab, field, message) => {
    const [r] = refusals({ [path]: text });
    expect(r).toMatchObject({ path, tab, field, message });
    expect(typeof english(message)).toBe('string');
  });

  it('gives the values a sentence reads: the bounds and the last day', () => {
    expect(refusals({ maxParticipants: 'must be between 1 and 10000' })[0].values).toEqual({ min: 1, max: 10000 });
    expect(refusals({ 'data.specialSchedule[3].date': 'must be no later than 2031-12-31' })[0].values).toEqual({ date: '2031-12-31' });
  });

  it("says what no tab edits in a sentence with the server's words, never as a bare path", () => {
    const list = refusals({ 'data.rules.SA.excludedHours[0].from': 'must be a time HH:mm', 'data.somethingNew': 'is wrong' });
    expect(list).toEqual([
      { path: 'data.rules.SA.excludedHours[0].from', tab: 'weekly', field: null, message: 'refused.other', values: { text: 'must be a time HH:mm' } },
      { path: 'data.somethingNew', tab: null, field: null, message: 'refused.other', values: { text: 'is wrong' } },
    ]);
  });

  it('keeps a second error on a marked field, worded too', () => {
    const list = refusals({ 'confirmationBookingEmails[0]': 'must be a valid e-mail address', 'confirmationBookingEmails[3]': 'is already in the list' });
    expect(list.map((r) => [r.field, r.message])).toEqual([
      ['confirmationEmails', 'refused.emailInList'],
      ['confirmationEmails', 'refused.emailTwice'],
    ]);
  });

  it('reads the value at a path of the save request', () => {
    const body = { data: { specialSchedule: [{ date: ['2030-12-24'] }] }, interval: 15 };
    expect(valueAt(body, 'data.specialSchedule[0].date')).toEqual(['2030-12-24']);
    expect(valueAt(body, 'interval')).toBe(15);
    expect(valueAt(body, 'data.specialSchedule[4].date')).toBeUndefined();
  });
});
