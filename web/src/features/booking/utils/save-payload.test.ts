import { bookingIdFromUrl, buildSavePayload } from '@/features/booking/utils/save-payload';
import { emptyRegisterValues } from '@/features/booking/utils/register-schema';

const form = {
  ...emptyRegisterValues(2),
  nombre: ' Ana ',
  email: 'ana@example.com',
  emailConfirmation: 'ana@example.com',
  telefono: '+34600123456',
  adultConfirmation: true,
  isSendPresentChecked: true,
  presentReceptorName: 'Eva',
  presentReceptorEmail: 'eva@example.com',
  presentMessage: 'Happy birthday',
};

const pack = {
  productId: 6,
  name: 'Pack',
  type: 'PACK' as const,
  idLocal: '301',
  idVariant: 1,
  isPack: true,
  driversNumber: 2,
  drivers: [
    { name: 'Ana', email: 'a@x.com', underage: false, isCloudMember: true },
    { name: 'Ana', email: '', underage: true, isCloudMember: false },
  ],
  holds: [
    { identifier: 'p1', bookingDates: ['2026-11-23 10:00:00', '2026-11-23 10:30:00'], price: 158, expiresAt: '' },
  ],
  packCode: 'ABC123',
};

describe('save-booking payload', () => {
  it('carries the contact, the pre-bookings and each session with its unique drivers', () => {
    const payload = buildSavePayload({
      cartToken: 'cart',
      form,
      stack: [pack],
      showEmails: true,
      paymentsActive: true,
      culture: 'es-ES',
    });
    expect(payload).toMatchObject({
      token: 'cart',
      nombre: 'Ana',
      phone: '+34600123456',
      identifiersPrebooking: ['p1'],
      description: ['Pack'],
      isPaymentsActive: 1,
      culture: 'es-ES',
      gift: { name: 'Eva', email: 'eva@example.com', message: 'Happy birthday' },
    });
    expect(payload.apellidos).toBeUndefined();
    expect(payload.fechaNacimiento).toBeUndefined();
    expect(payload.slots).toEqual([
      {
        prebookingIdentifier: 'p1',
        bookingDate: '2026-11-23 10:00:00',
        drivers: [
          { name: 'Ana', email: 'a@x.com', underage: false, isCloudMember: true },
          { name: 'Ana_1', underage: true, isCloudMember: false },
        ],
        productIdCloud: null,
        idPackCloud: 6,
        idProductLocal: null,
        idPackLocal: '301',
        idVariant: 1,
        packAssociated: 'ABC123',
      },
    ]);
  });

  it('sends no gift and no driver e-mails when they do not apply', () => {
    const payload = buildSavePayload({
      cartToken: 'cart',
      form,
      stack: [pack],
      showEmails: false,
      paymentsActive: false,
      culture: 'da-DK',
    });
    expect(payload.gift).toBeUndefined();
    expect(payload.isPaymentsActive).toBe(0);
    expect(JSON.stringify(payload.slots)).not.toContain('a@x.com');
  });

  it('reads the booking identifier from the success URL', () => {
    expect(bookingIdFromUrl('/success?booking=abc')).toBe('abc');
    expect(bookingIdFromUrl('https://pay.example/x')).toBeNull();
  });
});
