import type { CancelMoney } from '@/features/cancel/api/cancel-preview';

/** The sentence keys (in the cancel namespace, under `preview` or `result`) that tell what happens to the money. */
export type MoneyKey = 'card' | 'pending' | 'desk' | 'none' | 'unpaid';

/** One sentence about the money: its key and the amount it names. */
export interface MoneyLine {
  key: MoneyKey;
  amount: number;
}

/**
 * What cancelling does (or did) with the money, as sentences: back to the card, owed at the desk, both,
 * no refund under the circuit's policy, or nothing to refund because nothing was paid.
 */
export function moneyLines(money: CancelMoney): MoneyLine[] {
  const lines: MoneyLine[] = [];
  if (money.toCard > 0) lines.push({ key: money.pending ? 'pending' : 'card', amount: money.toCard });
  if (money.atDesk > 0) lines.push({ key: 'desk', amount: money.atDesk });
  if (lines.length > 0) return lines;
  if (money.paid <= 0) return [{ key: 'unpaid', amount: 0 }];
  return [{ key: 'none', amount: money.paid }];
}
