import type { Slot } from '@/features/booking/utils/slots';

/**
 * The sessions of a day a party can wait for: full for them (no place left, or fewer than their drivers)
 * and still to come. The server decides again when they join.
 */
export function waitableSlots(slots: readonly Slot[], drivers: number): Slot[] {
  return slots.filter((s) => (s.available ? s.usersAvailable < drivers : s.reason === 'full'));
}
