import type { CatalogKind, ProductWrite, StaffProduct } from '@/admin/features/catalog/api/catalog';
import { parsePrice, priceText } from '@/admin/features/catalog/utils/price';

/** The product dialog's fields as typed. */
export interface ProductForm {
  name: string;
  idLocal: string;
  price: string;
  discounted: string;
  promotionText: string;
  /** How long a session of the product runs, in minutes ('' : the whole slot). */
  duration: string;
  limited: boolean;
  stock: string;
  idVariant: string | null;
  idGroup: string | null;
  description: string;
  image: string | null;
  disabled: boolean;
  expires: boolean;
  expirationDate: string;
  productIds: number[];
}

type Data = Record<string, unknown>;

/** Reads a product's data text; a malformed one reads as empty. */
export function readData(text: string | null | undefined): Data {
  try {
    const v: unknown = text ? JSON.parse(text) : {};
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Data) : {};
  } catch {
    return {};
  }
}

/** The longest session a product may set (internal/catalog MaxDurationMinutes). */
export const MAX_DURATION_MINUTES = 480;

/** The dialog's fields for a product (or the defaults of a new one: active, unlimited, never expires). */
export function toForm(p?: StaffProduct): ProductForm {
  if (!p) {
    return {
      name: '', idLocal: '', price: '', discounted: '', promotionText: '', duration: '', limited: false, stock: '',
      idVariant: null, idGroup: null, description: '', image: null, disabled: false, expires: false,
      expirationDate: '', productIds: [],
    };
  }
  const data = readData(p.data);
  const oldPrice = data.oldPrice === undefined ? undefined : Number(data.oldPrice);
  return {
    name: p.name,
    idLocal: p.idLocal,
    price: priceText(oldPrice ?? p.price),
    discounted: oldPrice === undefined ? '' : priceText(p.price),
    promotionText: typeof data.promotionText === 'string' ? data.promotionText : '',
    duration: Number(data.durationMinutes) > 0 ? String(Number(data.durationMinutes)) : '',
    limited: p.maxStock !== null,
    stock: p.maxStock === null ? '' : String(p.maxStock),
    idVariant: p.idVariant === null ? null : String(p.idVariant),
    idGroup: p.idGroup === null ? null : String(p.idGroup),
    description: p.description ?? '',
    image: p.image,
    disabled: p.isActive === 0,
    expires: p.expirationDate !== null,
    expirationDate: p.expirationDate ?? '',
    productIds: p.productIds ?? [],
  };
}

/** The 'required' and 'min 0' problems of the form, by field, before anything is sent. */
export function formErrors(f: ProductForm, kind: CatalogKind): Record<string, 'required' | 'min0' | 'tooLong' | 'discountAbove' | 'duration'> {
  const out: Record<string, 'required' | 'min0' | 'tooLong' | 'discountAbove' | 'duration'> = {};
  if (!f.name.trim()) out.name = 'required';
  if (!f.idLocal.trim()) out.idLocal = 'required';
  const price = parsePrice(f.price);
  if (price === undefined) out.price = 'required';
  const discounted = parsePrice(f.discounted);
  if (f.discounted.trim() && discounted === undefined) out.discounted = 'min0';
  if (price !== undefined && discounted !== undefined && discounted >= price) out.discounted = 'discountAbove';
  if (f.limited && !(Number(f.stock) >= 0 && f.stock.trim() !== '')) out.stock = 'min0';
  const duration = Number(f.duration);
  if (f.duration.trim() && !(Number.isInteger(duration) && duration >= 1 && duration <= MAX_DURATION_MINUTES)) out.duration = 'duration';
  if ([...f.description].length > 300) out.description = 'tooLong';
  if (f.expires && !f.expirationDate) out.expirationDate = 'required';
  if (kind === 'PACK' && f.productIds.length === 0) out.productIds = 'required';
  return out;
}

/**
 * The write body of the form (admin spec sections 3 and 4): with a discounted price, the price sent is
 * the discounted one and the original is kept as data.oldPrice; clearing the discount removes oldPrice,
 * and data is emptied when nothing is left. Keys of data the form does not edit are kept.
 */
export function toWrite(f: ProductForm, kind: CatalogKind, idCompany: number, original?: StaffProduct): ProductWrite {
  const data = readData(original?.data);
  const price = parsePrice(f.price) ?? 0;
  const discounted = parsePrice(f.discounted);
  if (discounted !== undefined) data.oldPrice = price;
  else delete data.oldPrice;
  if (f.promotionText.trim()) data.promotionText = f.promotionText.trim();
  else delete data.promotionText;
  if (kind === 'PRODUCT' && f.duration.trim()) data.durationMinutes = Number(f.duration);
  else if (kind === 'PRODUCT') delete data.durationMinutes;
  const amount = discounted ?? price;
  const body: ProductWrite = {
    idCompany,
    name: f.name.trim(),
    idLocal: f.idLocal.trim(),
    price: kind === 'PRODUCT' ? amount.toFixed(2) : amount,
    isActive: f.disabled ? 0 : 1,
    isDynamicPrice: (original?.isDynamicPrice ?? 0) as 0 | 1,
    maxStock: f.limited ? Number(f.stock) : null,
    idGroup: f.idGroup ? Number(f.idGroup) : null,
    idVariant: f.idVariant ? Number(f.idVariant) : null,
    description: f.description.trim() || null,
    image: f.image,
    data: Object.keys(data).length ? JSON.stringify(data) : '',
    expirationDate: f.expires ? f.expirationDate : null,
  };
  if (original) body.id = original.id;
  if (kind === 'PACK') body.productIds = f.productIds;
  return body;
}

/** A stored product's write body unchanged but for data and isDynamicPrice (the dynamic price dialog). */
export function withData(p: StaffProduct, idCompany: number, data: string): ProductWrite {
  const f = toForm(p);
  const body = toWrite(f, p.kind, idCompany, { ...p, data, isDynamicPrice: 1 });
  return { ...body, data, isDynamicPrice: 1 };
}

/** The latest expiration date allowed: 31 December five years ahead of today (YYYY-MM-DD). */
export function lastExpiration(today: string): string {
  return `${Number(today.slice(0, 4)) + 5}-12-31`;
}
