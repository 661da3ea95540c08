import { parseProductData, type Product } from '@/features/booking/utils/product';

/** The default maximum of drivers when the company sets none (a negative maxParticipants). */
export const DEFAULT_MAX_PARTICIPANTS = 12;

/** The company's maximum of drivers: maxParticipants, or 12 when it is negative (or zero). */
export function companyMaxParticipants(maxParticipants: number): number {
  return maxParticipants > 0 ? maxParticipants : DEFAULT_MAX_PARTICIPANTS;
}

/** Why the drivers stage cannot move on, or null when it can. */
export type DriversProblem = 'noDrivers' | 'noProduct' | 'belowMinimum' | 'aboveStock';

/** The participant counter's limits and state for a count and (maybe) a chosen product (spec section 5). */
export interface CounterState {
  /** The lowest count the counter allows: 1, or the product's minParticipant when above 1. */
  min: number;
  /** The highest count: the product's stock when it has one, else the company maximum. */
  max: number;
  canDecrement: boolean;
  canIncrement: boolean;
  /** Why Next is disabled, or null. */
  problem: DriversProblem | null;
}

/** The minimum number of drivers a product needs (its minParticipant when above 1, else 1). */
export function productMinimum(product: Pick<Product, 'data'> | null | undefined): number {
  const min = product ? parseProductData(product.data).minParticipant : undefined;
  return min && min > 1 ? min : 1;
}

/**
 * The counter's limits: minimum 1; maximum the product stock if set, otherwise maxParticipants (negative
 * means 12); minus disabled at the minimum or when it would go below the product's minParticipant; Next
 * blocked when the count is 0, no product is chosen, the minimum is not met or the count exceeds stock.
 */
export function counterState(
  count: number,
  product: Pick<Product, 'data' | 'stock'> | null | undefined,
  maxParticipants: number,
): CounterState {
  const min = productMinimum(product);
  const stock = product?.stock ?? null;
  const max = stock !== null ? stock : companyMaxParticipants(maxParticipants);
  let problem: DriversProblem | null = null;
  if (count <= 0) problem = 'noDrivers';
  else if (!product) problem = 'noProduct';
  else if (count < min) problem = 'belowMinimum';
  else if (stock !== null && count > stock) problem = 'aboveStock';
  return {
    min,
    max,
    canDecrement: count > 1 && count - 1 >= min,
    canIncrement: count < max,
    problem,
  };
}
