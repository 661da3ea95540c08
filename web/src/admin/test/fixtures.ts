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
    token: 'session-token',
    companies,
    user: { id: 7, email: 'ana@norte.test', name: 'Ana Ruiz' },
    expiresAt: '2030-01-01T00:00:00Z',
  };
}
