import { planSaveErrors, registerOrder, slotItems } from '@/features/booking/utils/server-errors';
import type { BookingItem } from '@/features/booking/utils/wizard-state';

function item(name: string, holds: number): BookingItem {
  return {
    productId: 1,
    name,
    type: 'PRODUCT',
    idLocal: '1',
    idVariant: 1,
    isPack: false,
    driversNumber: 2,
    drivers: [],
    holds: Array.from({ length: holds }, (_, i) => ({ identifier: `${name}-${i}`, bookingDates: [], price: 22, expiresAt: '' })),
  };
}

describe('save-booking field errors', () => {
  const stack = [item('Karting 10', 2), item('Karting 20', 1)];

  it('knows which item each slot entry of the payload is about', () => {
    expect(slotItems(stack)).toEqual([0, 0, 1]);
  });

  it('puts contact, gift and the last item’s driver errors on the register form, in its wording', () => {
    const plan = planSaveErrors(
      {
        contactName: 'must not contain a slash',
        phone: 'must be a valid international phone number of at least 7 characters',
        emailConfirmation: 'must equal the e-mail',
        fechaNacimiento: 'invalid date: in the future',
        adultConfirmation: 'required: confirm the adult age',
        'gift.message': 'at most 250 characters',
        gift: 'a booking can be sent as a gift only when it is paid online',
        'slots[2].drivers[1].email': "repeatedEmails: check the e-mails, you can't assign the same e-mail to different drivers",
        'slots[2].drivers[0].name': 'required',
      },
      stack,
    );
    expect(plan.form).toEqual([
      { name: 'nombre', message: 'invalidName', serverField: 'contactName' },
      { name: 'telefono', message: 'invalidPhone', serverField: 'phone' },
      { name: 'emailConfirmation', message: 'emailsDiffer', serverField: 'emailConfirmation' },
      { name: 'fechaNacimiento', message: 'invalidDate', serverField: 'fechaNacimiento' },
      { name: 'adultConfirmation', message: 'adultRequired', serverField: 'adultConfirmation' },
      { name: 'presentMessage', message: 'giftMessageTooLong', serverField: 'gift.message' },
      { name: 'isSendPresentChecked', message: 'giftNeedsOnlinePayment', serverField: 'gift' },
      { name: 'drivers.1.email', message: 'repeatedEmails', serverField: 'slots[2].drivers[1].email' },
      { name: 'drivers.0.name', message: 'required', serverField: 'slots[2].drivers[0].name' },
    ]);
    expect(plan.earlierItem).toBeNull();
    expect(plan.unmapped).toEqual([]);
  });

  it('names an earlier item whose drivers were refused, and leaves what no field explains', () => {
    const plan = planSaveErrors({ 'slots[1].drivers[0].name': 'required', token: 'required: the shopping cart token' }, stack);
    expect(plan.form).toEqual([]);
    expect(plan.earlierItem).toBe('Karting 10');
    expect(plan.unmapped).toEqual(['token']);
  });

  it('lists the form’s fields in the order they appear, each driver’s name before its e-mail', () => {
    const order = registerOrder(2);
    expect(order.slice(0, 6)).toEqual(['nombre', 'apellidos', 'fechaNacimiento', 'email', 'emailConfirmation', 'telefono']);
    expect(order.filter((f) => f.startsWith('drivers.'))).toEqual(['drivers.0.name', 'drivers.0.email', 'drivers.1.name', 'drivers.1.email']);
    expect(order.indexOf('adultConfirmation')).toBeGreaterThan(order.indexOf('drivers.1.email'));
    expect(order.at(-1)).toBe('presentMessage');
  });
});
