import type { components } from '@/lib/api/schema';

type StaffProduct = components['schemas']['StaffProduct'];

/** A product as GET /api/product/staff lists it: active, unlimited, 20.00. */
export function staffProduct(change: Partial<StaffProduct> = {}): StaffProduct {
  return {
    id: 11, kind: 'PRODUCT', name: 'Sprint 10', idLocal: 'SPR10', price: 20, priceConverted: 20, simbolCoinType: '€',
    isActive: 1, isDynamicPrice: 0, maxStock: null, stock: null, idGroup: null, idVariant: null, description: null,
    image: null, data: '', expirationDate: null, expired: false, products: null, productIds: null,
    ...change,
  };
}

/** Three products (one disabled) and a pack of two of them. */
export function staffList() {
  const a = staffProduct();
  const b = staffProduct({ id: 12, name: 'Qualifying', idLocal: 'Q1', price: 15, priceConverted: 15 });
  const c = staffProduct({ id: 13, name: 'Final race', idLocal: 'F1', price: 30, priceConverted: 30, isActive: 0, maxStock: 8, stock: 5 });
  const pack = staffProduct({
    id: 21, kind: 'PACK', name: 'Weekend pack', idLocal: 'WP', price: 40, priceConverted: 40,
    products: [
      { id: 11, idLocal: 'SPR10', name: 'Sprint 10', order: 1 },
      { id: 12, idLocal: 'Q1', name: 'Qualifying', order: 2 },
    ],
    productIds: [11, 12],
  });
  return { products: [a, b, c], packs: [pack], simbolCoinType: '€' };
}
