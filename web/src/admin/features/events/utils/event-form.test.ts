import {
  chooseDiscount,
  EMPTY_EVENT_FORM,
  formFieldOf,
  isTabUnlocked,
  serverMessage,
  tabsWithErrors,
  toPayload,
  type EventFormValues,
} from '@/admin/features/events/utils/event-form';

const valid: EventFormValues = {
  ...EMPTY_EVENT_FORM,
  name: 'Cup',
  price: '25,50',
  idLocalProduct: 'EV1',
  stock: '10',
  teamEvent: 'INDIVIDUAL',
  addToLandingPage: 'no',
  minParticipant: '2',
  exclusivity: true,
  promotionText: 'Early bird',
  oldPrice: '30',
  features: [{ key: 'sponsor', value: 'Acme' }],
  dateIni: '2031-01-01T10:00',
  dateEnd: '2031-01-01T12:00',
  templateHtml: '<p>Cup</p>',
  applyDiscount: 'no',
};

describe('the create-event form model', () => {
  it('finds no error in a complete form, and the categories rules when half filled', () => {
    expect([...tabsWithErrors(valid)]).toEqual([]);
    expect([...tabsWithErrors({ ...valid, categoryTitle: 'Class' })]).toEqual(['categories']);
    expect([...tabsWithErrors({ ...valid, excludingCategory: 'no' })]).toEqual(['categories']);
    expect([...tabsWithErrors({ ...valid, dateEnd: '2031-01-01T09:00' })]).toEqual(['dates']);
    expect([...tabsWithErrors({ ...valid, applyDiscount: 'yes', discountId: 'X', discountPrice: '30' })]).toEqual(['discounts']);
    const withErrors = tabsWithErrors({ ...valid, features: [{ key: 'exclusivity', value: 'maybe' }] });
    expect(isTabUnlocked('data', withErrors)).toBe(true);
    expect(isTabUnlocked('dates', withErrors)).toBe(false);
    // The named fields: the old price above the price, a whole minimum, texts of at most 500 characters.
    expect([...tabsWithErrors({ ...valid, oldPrice: '25' })]).toEqual(['data']);
    expect([...tabsWithErrors({ ...valid, oldPrice: '25,51' })]).toEqual([]);
    expect([...tabsWithErrors({ ...valid, minParticipant: '0' })]).toEqual(['data']);
    expect([...tabsWithErrors({ ...valid, checkboxText: 'x'.repeat(501) })]).toEqual(['data']);
  });

  it('builds the payload: typed features, null stocks, no category or discount unless chosen', () => {
    expect(toPayload(3, valid)).toEqual({
      idCompany: 3,
      event: {
        name: 'Cup',
        price: 25.5,
        idLocalProduct: 'EV1',
        maxStock: 10,
        teamEvent: false,
        dateIni: '2031-01-01T10:00',
        dateEnd: '2031-01-01T12:00',
        productData: { promotionText: 'Early bird', oldPrice: 30, minParticipant: 2, exclusivity: true, sponsor: 'Acme' },
      },
      templateHtml: '<p>Cup</p>',
      addToLandingPage: false,
    });
  });

  it("clears code, value, date and uses when the discount is 'No'", () => {
    const applied = { ...valid, applyDiscount: 'yes' as const, discountId: 'CODE', discountPrice: '5', expirationDate: '2031-01-01', discountStock: '3' };
    expect(chooseDiscount(applied, 'no')).toMatchObject({ applyDiscount: 'no', discountId: '', discountPrice: '', expirationDate: '', discountStock: '' });
  });

  it("places the server's dotted field names on the form's fields", () => {
    expect(formFieldOf('event.maxStock', valid)).toBe('stock');
    expect(formFieldOf('event.productData.exclusivity', valid)).toBe('exclusivity');
    expect(formFieldOf('event.productData.oldPrice', valid)).toBe('oldPrice');
    expect(formFieldOf('event.productData.sponsor', valid)).toBe('features.0.value');
    expect(formFieldOf('categorys.options[1].shortName', valid)).toBe('categoryOptions');
    expect(formFieldOf('discount.code', valid)).toBe('discountId');
    expect(formFieldOf('something.else', valid)).toBeNull();
    expect(serverMessage('required')).toBe('required');
    expect(serverMessage('already a code of the company')).toBe('codeTaken');
    expect(serverMessage('must be at most 20 characters')).toBe('invalidField');
  });
});
