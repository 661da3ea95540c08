import { applyFieldErrors, fieldProblem, mapFieldErrors, serverFieldErrors } from '@/lib/api/field-errors';
import { ApiError } from '@/lib/api/errors';

describe('server field errors', () => {
  it.each([
    ['required', 'required'],
    ['required: confirm the adult age', 'required'],
    ['must be a valid e-mail address', 'invalidEmail'],
    ['must equal the e-mail', 'emailsDiffer'],
    ['must be a valid international phone number of at least 7 characters', 'invalidPhone'],
    ['must be a valid international phone number', 'invalidPhone'],
    ['at most 100 characters', 'tooLong'],
    ['is too long', 'tooLong'],
    ['must not contain a slash', 'invalidName'],
    ['contains characters that are not allowed', 'invalidName'],
    ['must be text', 'invalidName'],
    ['invalid date: in the future', 'invalidDate'],
    ["repeatedEmails: check the e-mails, you can't assign the same e-mail to different drivers", 'repeatedEmails'],
    ['a booking can be sent as a gift only when it is paid online', 'invalidField'],
  ])('reads %j as %s', (message, problem) => {
    expect(fieldProblem(message)).toBe(problem);
  });

  it('takes the field errors of a failed call only', () => {
    expect(serverFieldErrors(new ApiError(422, { code: 'unprocessable', message: 'x', fields: { email: 'required' } }))).toEqual({
      email: 'required',
    });
    expect(serverFieldErrors(new ApiError(422, { code: 'unprocessable', message: 'x', fields: {} }))).toBeNull();
    expect(serverFieldErrors(new ApiError(500, undefined))).toBeNull();
    expect(serverFieldErrors(new Error('offline'))).toBeNull();
  });

  it('places what the form has and lists the rest', () => {
    const fieldOf = (f: string) => ({ phone: 'telefono', telefono: 'telefono', email: 'email' })[f] ?? null;
    const result = mapFieldErrors(
      { phone: 'required', telefono: 'must be a valid international phone number', email: 'must be a valid e-mail address', token: 'required' },
      fieldOf,
      (name, problem) => (name === 'email' ? `${problem}!` : problem),
    );
    expect(result.mapped).toEqual([
      { name: 'telefono', message: 'required', serverField: 'phone' },
      { name: 'email', message: 'invalidEmail!', serverField: 'email' },
    ]);
    expect(result.unmapped).toEqual(['token']);
  });

  it("gives a form's own wording the server's words, and keeps the values its message reads", () => {
    const result = mapFieldErrors(
      { 'data.maxDaysBooking': 'must be between 1 and 3650' },
      () => 'days',
      (_, problem, text, serverField) => ({ message: `${serverField}:${problem}`, values: { max: Number(/(\d+)$/.exec(text)?.[1]) } }),
    );
    expect(result.mapped).toEqual([{ name: 'days', message: 'data.maxDaysBooking:invalidField', values: { max: 3650 }, serverField: 'data.maxDaysBooking' }]);
  });

  it("sets every error and focuses the first field in the form's order", () => {
    const setError = vi.fn();
    const setFocus = vi.fn();
    const first = applyFieldErrors<{ a: string; b: string; c: string }>(
      { setError, setFocus },
      [
        { name: 'c', message: 'required' },
        { name: 'b', message: 'invalidEmail' },
      ],
      ['a', 'b', 'c'],
    );
    expect(first).toBe('b');
    expect(setError.mock.calls).toEqual([
      ['b', { type: 'server', message: 'invalidEmail' }],
      ['c', { type: 'server', message: 'required' }],
    ]);
    expect(setFocus).toHaveBeenCalledExactlyOnceWith('b');
  });
});
