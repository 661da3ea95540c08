import { adminCompany as sharedCompany } from '@/admin/test/fixtures';
import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

/** A company as GET /api/admin/company answers (Karting Norte), with refunds on and no licences box. */
export function adminCompany(change: Partial<Schemas['AdminCompany']> = {}): Schemas['AdminCompany'] {
  return sharedCompany({ idCompany: 7, companyName: 'Karting Norte', ...change });
}

/** A paid booking sale of 40.00 with all of it still refundable. */
export function saleRow(change: Partial<Schemas['SaleRow']> = {}): Schemas['SaleRow'] {
  return {
    id: 'sale-1',
    idBooking: 101,
    updatedAt: '2026-11-20T10:15:00Z',
    contactName: 'Ana García',
    phone: '+34600111222',
    email: 'ana@example.com',
    name: 'Gran Premio 10 min',
    token: 'BK-0001',
    type: 'SALE',
    priceConverted: 40,
    totalPrice: 40,
    refundable: 40,
    paymentMode: 'online',
    shopping_cart: { source: 'BOOKING', state: 'PAID', token: 'BK-0001', description: 'Gran Premio' },
    details: [],
    ...change,
  };
}

/** A billing answer: one sale per source, a refund row and the totals the server would give. */
export function billingResponse(change: Partial<Schemas['BillingResponse']> = {}): Schemas['BillingResponse'] {
  return {
    payments: [
      saleRow(),
      saleRow({
        id: 'sale-2',
        idBooking: 102,
        token: 'EV-0002',
        contactName: 'Björn Larsen',
        email: 'bjorn@example.com',
        phone: '+4712345678',
        name: 'Endurance night',
        priceConverted: 120.5,
        totalPrice: 120.5,
        refundable: 100.5,
        shopping_cart: { source: 'EVENT', state: 'PARTIALLY_REFUNDED', token: 'EV-0002', description: 'Endurance' },
      }),
      saleRow({
        id: 'refund-1',
        idBooking: 102,
        token: 'EV-0002',
        contactName: 'Björn Larsen',
        email: 'bjorn@example.com',
        phone: '+4712345678',
        name: 'Endurance night',
        type: 'REFUND',
        priceConverted: -20,
        totalPrice: -20,
        refundable: 0,
        shopping_cart: { source: 'EVENT', state: 'REFUND', token: 'EV-0002', description: 'Endurance' },
      }),
      saleRow({
        id: 'sale-3',
        idBooking: 103,
        token: 'LI-0003',
        contactName: 'Carla Ruiz',
        email: 'carla@example.com',
        name: 'Annual licence',
        priceConverted: 75,
        totalPrice: 75,
        refundable: 75,
        shopping_cart: { source: 'LICENSING', state: 'PAID', token: 'LI-0003', description: 'Licence' },
      }),
      saleRow({
        id: 'sale-4',
        idBooking: 104,
        token: 'EX-0004',
        contactName: 'Dieter Braun',
        email: 'dieter@example.com',
        name: 'Gift voucher',
        priceConverted: 30,
        totalPrice: 30,
        refundable: 0,
        shopping_cart: { source: 'EXTERNAL', state: 'REFUNDED', token: 'EX-0004', description: 'Voucher' },
      }),
    ],
    numSells: 4,
    totalPriceConverted: 245.5,
    totalProducts: 6,
    bySource: {
      BOOKING: { count: 1, total: 40 },
      EVENT: { count: 1, total: 100.5 },
      LICENSING: { count: 1, total: 75 },
      EXTERNAL: { count: 1, total: 30 },
    },
    simbolCoinType: '€',
    ...change,
  };
}
