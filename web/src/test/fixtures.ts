import type { CompanyConfig } from '@/lib/api/get-config';

/** A company configuration as GET /api/config/{key} returns it, for tests. */
export function companyConfig(overrides: Partial<CompanyConfig> = {}): CompanyConfig {
  return {
    idCompany: 11,
    companyName: 'Circuito Norte',
    logo: '/demo/norte-logo.svg',
    maxParticipants: -1,
    isPaymentsActive: 1,
    voucherMode: false,
    enableGroupedProducts: false,
    showEventsInBooking: true,
    showEmails: false,
    emailOptional: false,
    showUsersAvailable: true,
    maxSlotsBooking: 3,
    cancelBookingMaxDays: 2,
    defaultCulture: 'en-GB',
    token: 'test-token',
    landing: [],
    theme: { primaryColor: '#d7261e', secondaryColor: '#111111' },
    footerImage: '/demo/norte-footer.svg',
    country: 'ES',
    simbolCoinType: '€',
    currency: 'EUR',
    features: { licences: false },
    publi: { isActive: false },
    waitlistEnabled: false,
    ...overrides,
  };
}
