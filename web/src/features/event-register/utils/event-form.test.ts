import {
  appendShortNames,
  canContinue,
  chosenShortNames,
  emptyEventFormValues,
  eventFormSchema,
  removeShortNames,
  type EventCategory,
  type EventFormValues,
} from '@/features/event-register/utils/event-form';
import { isEmailConfirmed } from '@/lib/validation';

const exclusive: EventCategory = {
  title: 'Category',
  excluding: true,
  options: [
    { name: 'Junior', shortName: 'JR', checked: false, disabled: false },
    { name: 'Senior', shortName: 'SR', checked: false, disabled: false },
    { name: 'Master', shortName: 'MS', checked: false, disabled: true },
  ],
};

const extras: EventCategory = {
  title: 'Extras',
  excluding: false,
  options: [
    { name: 'Dinner', shortName: 'DIN', checked: true, disabled: false },
    { name: 'Photos', shortName: 'PH', checked: false, disabled: false },
  ],
};

function valid(overrides: Partial<EventFormValues> = {}): EventFormValues {
  return {
    nick: 'Ana García',
    telefono: '+34600123456',
    email: 'ana@example.com',
    emailConfirmation: 'ANA@example.com ',
    categories: [],
    ageConfirmed: false,
    ...overrides,
  };
}

/** The form's error messages by field path. */
function errors(values: EventFormValues, categories: EventCategory[] = [], ageCheckbox = false): Record<string, string> {
  const result = eventFormSchema({ categories, ageCheckbox }).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('event form rules', () => {
  it('accepts a complete individual registration', () => {
    expect(errors(valid())).toEqual({});
  });

  it('requires the participant or team name, without a slash or characters from U+1000', () => {
    expect(errors(valid({ nick: '   ' }))).toEqual({ nick: 'required' });
    expect(errors(valid({ nick: 'AC/DC Racing' }))).toEqual({ nick: 'invalidName' });
    expect(errors(valid({ nick: 'Speed 🏎' }))).toEqual({ nick: 'invalidName' });
    expect(errors(valid({ nick: 'Los Rápidos' }))).toEqual({});
  });

  it('refuses a name that the category suffix makes longer than the server keeps', () => {
    const nick = 'x'.repeat(96);
    expect(errors(valid({ nick }), [exclusive])).toEqual({ 'categories.0': 'categoryRequired' });
    expect(errors(valid({ nick, categories: [['SR']] }), [exclusive])).toEqual({ nick: 'tooLong' });
    expect(errors(valid({ nick: 'x'.repeat(95), categories: [['SR']] }), [exclusive])).toEqual({});
  });

  it('requires a valid international phone number', () => {
    expect(errors(valid({ telefono: '' }))).toEqual({ telefono: 'required' });
    expect(errors(valid({ telefono: '+34123' }))).toEqual({ telefono: 'invalidPhone' });
    expect(errors(valid({ telefono: '+3460012' }))).toEqual({ telefono: 'invalidPhone' });
    expect(errors(valid({ telefono: '+4520123456' }))).toEqual({});
  });

  it('requires the e-mail twice, valid and equal', () => {
    expect(errors(valid({ email: 'ana@', emailConfirmation: 'ana@' }))).toEqual({
      email: 'invalidEmail',
      emailConfirmation: 'invalidEmail',
    });
    expect(errors(valid({ emailConfirmation: '' }))).toEqual({ emailConfirmation: 'required' });
    expect(errors(valid({ emailConfirmation: 'ana@example.org' }))).toEqual({ emailConfirmation: 'emailsDiffer' });
    expect(isEmailConfirmed('ana@example.com', ' Ana@Example.com')).toBe(true);
    expect(isEmailConfirmed('ana@example', 'ana@example')).toBe(false);
  });

  it('requires exactly one choice in an exclusive category, and never a disabled option', () => {
    expect(errors(valid({ categories: [[]] }), [exclusive])).toEqual({ 'categories.0': 'categoryRequired' });
    expect(errors(valid({ categories: [['MS']] }), [exclusive])).toEqual({ 'categories.0': 'categoryRequired' });
    expect(errors(valid({ categories: [['JR', 'SR']] }), [exclusive])).toEqual({ 'categories.0': 'categoryRequired' });
    expect(errors(valid({ categories: [['JR']] }), [exclusive])).toEqual({});
  });

  it('lets a non-exclusive category be left empty', () => {
    expect(errors(valid({ categories: [[]] }), [extras])).toEqual({});
  });

  it('requires the age confirmation only when the event has its text', () => {
    expect(errors(valid(), [], true)).toEqual({ ageConfirmed: 'ageRequired' });
    expect(errors(valid({ ageConfirmed: true }), [], true)).toEqual({});
    expect(errors(valid(), [], false)).toEqual({});
  });

  it('starts categories with their pre-ticked options', () => {
    expect(emptyEventFormValues([exclusive, extras]).categories).toEqual([[], ['DIN']]);
  });
});

describe('Next', () => {
  const options = { categories: [exclusive], ageCheckbox: true };
  const complete = valid({ categories: [['JR']], ageConfirmed: true });

  it('is enabled for a touched, valid form', () => {
    expect(canContinue(complete, options, { touched: true })).toBe(true);
  });

  it('is disabled until something is touched', () => {
    expect(canContinue(complete, options, { touched: false })).toBe(false);
  });

  it('is disabled while the e-mail is not confirmed', () => {
    expect(canContinue({ ...complete, emailConfirmation: 'other@example.com' }, options, { touched: true })).toBe(false);
  });

  it('is disabled while the required age checkbox is unticked', () => {
    expect(canContinue({ ...complete, ageConfirmed: false }, options, { touched: true })).toBe(false);
  });

  it('is disabled while an exclusive category has no choice', () => {
    expect(canContinue({ ...complete, categories: [[]] }, options, { touched: true })).toBe(false);
  });

  it('is disabled while any field has an error', () => {
    expect(canContinue({ ...complete, telefono: '+3412' }, options, { touched: true })).toBe(false);
  });
});

describe('category short names on the nick', () => {
  it('are appended with the server separator, in category and option order', () => {
    const chosen = chosenShortNames([exclusive, extras], [['SR'], ['PH', 'DIN']]);
    expect(chosen).toEqual(['SR', 'DIN', 'PH']);
    expect(appendShortNames('Los Rápidos', chosen)).toBe('Los Rápidos - SR - DIN - PH');
  });

  it('are removed again when going back', () => {
    expect(removeShortNames('Los Rápidos - SR', ['SR'])).toBe('Los Rápidos');
    expect(removeShortNames('Los Rápidos', ['SR'])).toBe('Los Rápidos');
  });

  it('are never appended twice', () => {
    expect(appendShortNames('Ana - JR', ['JR'])).toBe('Ana - JR');
  });

  it('leave the nick alone when nothing is chosen', () => {
    expect(appendShortNames(' Ana ', [])).toBe('Ana');
    expect(removeShortNames('Ana - JR', [])).toBe('Ana - JR');
  });

  it('ignore disabled options', () => {
    expect(chosenShortNames([exclusive], [['MS']])).toEqual([]);
  });
});
