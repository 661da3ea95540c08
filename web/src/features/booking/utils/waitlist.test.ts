import { waitableSlots } from '@/features/booking/utils/waitlist';
import type { Slot } from '@/features/booking/utils/slots';

const slot = (startTime: string, change: Partial<Slot>): Slot => ({
  startTime, usersAvailable: 4, maxParticipants: 12, idPack: null, idProduct: 7, price: 20, available: true, ...change,
});

it('offers the waiting list on full sessions and on sessions too small for the party, never on past ones', () => {
  const slots = [
    slot('10:00:00', { available: false, reason: 'past', usersAvailable: 0 }),
    slot('11:00:00', { available: false, reason: 'full', usersAvailable: 0 }),
    slot('12:00:00', { usersAvailable: 2 }),
    slot('13:00:00', { usersAvailable: 5 }),
  ];
  expect(waitableSlots(slots, 3).map((s) => s.startTime)).toEqual(['11:00:00', '12:00:00']);
  expect(waitableSlots(slots, 1).map((s) => s.startTime)).toEqual(['11:00:00']);
});
