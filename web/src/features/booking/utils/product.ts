import type { components } from '@/lib/api/schema';

/** A product or pack as GET /api/product lists it. */
export type Product = components['schemas']['Product'];

/** What a product's `data` JSON text may hold (customer spec section 3). */
export interface ProductData {
  minParticipant?: number;
  promotionText?: string;
  oldPrice?: number;
  gapSlots?: number;
}

/** Reads a product's `data` JSON text; malformed or missing values are left out. */
export function parseProductData(raw: string | null | undefined): ProductData {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const o = parsed as Record<string, unknown>;
  const out: ProductData = {};
  if (typeof o.minParticipant === 'number' && o.minParticipant > 0) out.minParticipant = Math.floor(o.minParticipant);
  if (typeof o.promotionText === 'string' && o.promotionText.trim()) out.promotionText = o.promotionText.trim();
  if (typeof o.oldPrice === 'number' && o.oldPrice > 0) out.oldPrice = o.oldPrice;
  if (typeof o.gapSlots === 'number' && o.gapSlots >= 0) out.gapSlots = Math.floor(o.gapSlots);
  return out;
}

/** Whether a product is a pack (it lists sub-products). */
export function isPack(product: Pick<Product, 'products'>): boolean {
  return Array.isArray(product.products) && product.products.length > 0;
}

/** Products that can be booked: active and not out of stock (stock 0 hides a product). */
export function visibleProducts(products: readonly Product[]): Product[] {
  return products.filter((p) => p.isActive === 1 && p.stock !== 0);
}

/** Stock at or below this shows the low-stock notice (spec section 9). */
export const LOW_STOCK = 10;

/** Whether a product shows the low-stock notice. */
export function isLowStock(product: Pick<Product, 'stock'>): boolean {
  return product.stock !== null && product.stock > 0 && product.stock <= LOW_STOCK;
}

/** The circuits (tracks) the products run on, once each, in order of first appearance. */
export function tracksOf(products: readonly Product[]): { id: number; name: string }[] {
  const seen = new Map<number, string>();
  for (const p of products) {
    const circuit = p.variant?.circuit;
    if (circuit && !seen.has(circuit.id)) seen.set(circuit.id, circuit.name);
  }
  return [...seen].map(([id, name]) => ({ id, name }));
}

/** Products grouped by category (group) in order of first appearance; products without a group last. */
export function groupProducts(products: readonly Product[]): { id: number | null; name: string | null; products: Product[] }[] {
  const groups: { id: number | null; name: string | null; products: Product[] }[] = [];
  for (const p of products) {
    const id = p.group?.id ?? null;
    let group = groups.find((g) => g.id === id);
    if (!group) {
      group = { id, name: p.group?.name ?? null, products: [] };
      groups.push(group);
    }
    group.products.push(p);
  }
  return [...groups.filter((g) => g.id !== null), ...groups.filter((g) => g.id === null)];
}
