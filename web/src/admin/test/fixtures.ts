import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

/** A company as GET /api/admin/company answers it (Circuito Norte, ADMIN, Europe/Madrid, euros). */
export function adminCompany(overrides: Partial<Schemas['AdminCompany']> = {}): Schemas['AdminCompany'] {
  return {
    idCompany: 1,
    companyName: 'Circuito Norte',
    role: 'ADMIN',
    publicKey: 'norte',
    simbolCoinType: '€',
    currency: 'EUR',
    timeZone: 'Europe/Madrid',
    defaultCulture: 'es-ES',
    logo: '',
    isRefundEnabled: true,
    refundMaxDays: 0,
    maxDaysBooking: 45,
    showLicences: false,
    advertisingActive: false,
    intervalMinutes: 15,
    openingTime: '08:00',
    closingTime: '23:00',
    ...overrides,
  };
}

/** The companies of the signed-in user in the login and /me answers. */
export function staffCompanies(): Schemas['StaffCompany'][] {
  return [
    { idCompany: 1, companyName: 'Circuito Norte', role: 'ADMIN' },
    { idCompany: 2, companyName: 'Arena Karting', role: 'SUPERADMIN' },
  ];
}

/** A successful POST /api/users/adminLogin answer. */
export function loginResponse(companies = staffCompanies()): Schemas['AdminLoginResponse'] {
  return {
    companies,
    user: { id: 7, email: 'ana@norte.test', name: 'Ana Ruiz' },
    expiresAt: '2030-01-01T00:00:00Z',
  };
}

/** A booking row as POST /api/admin/retrieve-bookings lists it (paid, cancellable). */
export function bookingRow(id: number, overrides: Partial<Schemas['BookingRow']> = {}): Schemas['BookingRow'] {
  return {
    id,
    idBooking: id,
    bookingIdentifier: `B-${id}`,
    createdAt: '2026-11-02T09:30:00Z',
    bookingDate: '2026-11-20 18:15',
    contactName: `Customer ${id}`,
    phone: '+34600000000',
    email: `c${id}@example.test`,
    price: 44,
    numParticipants: 2,
    state: 'pagada',
    track: 'Pista Norte',
    source: 'BOOKING',
    paymentMode: 'online',
    cancellable: true,
    ...overrides,
  };
}

/** A bookings answer with its totals computed from the rows (cancelled rows excluded). */
export function bookingRows(rows: Schemas['BookingRow'][]): Schemas['BookingRows'] {
  const live = rows.filter((r) => r.state !== 'cancelada');
  return {
    data: rows,
    totals: {
      bookings: rows.length,
      sessions: live.length,
      drivers: live.reduce((n, r) => n + r.numParticipants, 0),
      price: live.reduce((n, r) => n + r.price, 0),
    },
  };
}
