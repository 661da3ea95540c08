/**
 * The booking details the payment dialogs' tests load (GET /api/booking/master-data/{id}): a booking paid
 * at the circuit, three drivers at €29.00, €30.00 already taken in cash at the counter (payment 4), €57.00
 * due. Each test states what it changes.
 */
export const cashPayment = {
  id: 4,
  provider: 'cash',
  status: 'approved',
  amount: 30,
  createdAt: '2026-11-02T09:31:00Z',
  method: 'cash',
  by: 'desk@norte.test',
  corrected: 0,
  holds: 30,
};

export function masterData(overrides: Record<string, unknown> = {}) {
  return {
    id: 9,
    identifier: 'PL-TOKEN-9',
    reference: 'UE9B-KTGR',
    state: 'parcialmentepagada',
    source: 'BOOKING',
    createdAt: '2026-11-02T09:30:00Z',
    cancelledAt: null,
    culture: 'en-GB',
    paymentMode: 'circuit',
    contact: { name: 'Walk', surname: 'In', phone: '+34611111111', email: 'walk@example.test', birthDate: null, memberId: null },
    lines: [{ id: 1, name: 'Adult 10 min', type: 'PRODUCT', quantity: 3, numDrivers: 3, unitPrice: 29, total: 87, sessions: [] }],
    drivers: [],
    payments: [cashPayment],
    refunds: [],
    corrections: [],
    total: 87,
    originalTotal: 87,
    discount: 0,
    refundable: 30,
    paid: 30,
    due: 57,
    cancellable: true,
    cancelReason: null,
    ...overrides,
  };
}
