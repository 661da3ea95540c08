import type { QueryClient } from '@tanstack/react-query';

/**
 * After money moved on a booking (a desk payment, a correction, a refund, a cancellation with or without
 * one): everything an open back office shows of it is read again — the booking's details (when given),
 * the bookings list, Today, billing, and the KPIs with their charts, which count the same ledger (a
 * manager's open KPIs move with the counter). TanStack Query refetches only what is on screen.
 */
export function invalidateMoney(queryClient: QueryClient, idCompany: number, bookingId?: number): void {
  const keys: unknown[][] = [
    ['admin', 'bookings', idCompany],
    ['admin', 'today', idCompany],
    ['admin', 'billing', idCompany],
    ['admin', 'kpi', idCompany],
    ['admin', 'kpi-series', idCompany],
  ];
  if (bookingId !== undefined) keys.push(['admin', 'booking-master-data', idCompany, bookingId]);
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}
