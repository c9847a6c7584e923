// How the cash desk takes money besides the card terminal: cash (with change), a card or a bank
// transfer outside the terminal, and a payment split across two methods. The desk's form, the
// API's check of a payment and the cashier close's day all read these rules, so the browser and
// the server never disagree on a sum or on which methods go together.
import { roundMoney, sumMoney } from './money';
import { PAYMENT_METHODS, type PaymentMethod } from './payment-methods';

export { PAYMENT_METHODS, type PaymentMethod };

/** The rules a payment or a count can break, by name. */
export type PaymentRule = 'paymentParts' | 'paymentMethodsTwice' | 'paymentAmount' | 'cashReceived' | 'paymentTotal' | 'cashNoteRequired';

/** A payment is one method, or split across two. */
export const MAX_PAYMENT_PARTS = 2;

export interface PaymentPart {
  method: PaymentMethod;
  amount: number;
  /** Cash only: what the customer handed over (the change is what is above `amount`). */
  received?: number | undefined;
  /** Outside the terminal: the receipt or transfer reference staff typed, if any. */
  reference?: string | undefined;
}

/** The change to hand back for `received` against `amount` (never below zero). */
export function changeFor(received: number, amount: number): number {
  return Math.max(0, roundMoney(received - amount));
}

/** What the second part of a split must take once the first took `first`. */
export function remainderAfter(first: number, due: number): number {
  return Math.max(0, roundMoney(due - first));
}

const ceilTo = (amount: number, step: number) => Math.ceil(roundMoney(amount) / step) * step;

/**
 * The quick buttons of the cash field for `due`: the exact amount, then the round sums of
 * common notes a customer is likely to hand over (next 5, 10, 50, 100), at most four in all.
 */
export function quickCashAmounts(due: number): number[] {
  const exact = roundMoney(due);
  const rounded = [5, 10, 20, 50, 100].map((step) => ceilTo(exact, step)).filter((v) => v > exact);
  return [exact, ...new Set(rounded)].slice(0, 4);
}

/**
 * Why a payment's parts cannot pay `due`, as the rule's name with its parameters (the API and the
 * desk each have their words for it), or null when they
 * can: one or two parts, two different methods, every amount above zero, cash received covering
 * its part, and the parts adding up to exactly what is due.
 */
export function paymentPartsProblem(
  parts: readonly PaymentPart[],
  due: number,
): { field: string; key: PaymentRule; params?: Record<string, unknown> } | null {
  if (parts.length === 0 || parts.length > MAX_PAYMENT_PARTS) return { field: 'parts', key: 'paymentParts', params: { max: MAX_PAYMENT_PARTS } };
  if (new Set(parts.map((p) => p.method)).size !== parts.length) return { field: 'parts', key: 'paymentMethodsTwice' };
  for (const [i, part] of parts.entries()) {
    if (!(roundMoney(part.amount) > 0)) return { field: `parts.${i}.amount`, key: 'paymentAmount' };
    if (part.method === 'cash' && part.received !== undefined && roundMoney(part.received) < roundMoney(part.amount)) {
      return { field: `parts.${i}.received`, key: 'cashReceived', params: { amount: roundMoney(part.amount) } };
    }
  }
  const total = roundMoney(sumMoney(parts.map((p) => p.amount)));
  if (total !== roundMoney(due)) return { field: 'parts', key: 'paymentTotal', params: { amount: total, total: roundMoney(due) } };
  return null;
}

/** The part charged on the desk's terminal, if the payment has one (it goes through a claim). */
export function terminalPart<T extends Pick<PaymentPart, 'method'>>(parts: readonly T[]): T | undefined {
  return parts.find((p) => p.method === 'terminal');
}

/** One method's line of a day: how many payments took it and their sum. */
export interface MethodTotal {
  method: PaymentMethod;
  count: number;
  total: number;
}

/** The day's payments by method, in PAYMENT_METHODS' order, methods nobody used left out. */
export function totalsByMethod(payments: readonly Pick<PaymentPart, 'method' | 'amount'>[]): MethodTotal[] {
  return PAYMENT_METHODS.flatMap((method) => {
    const of = payments.filter((p) => p.method === method);
    return of.length === 0 ? [] : [{ method, count: of.length, total: roundMoney(sumMoney(of.map((p) => p.amount))) }];
  });
}

/** The cash the drawer should hold from the day's payments (the float aside). */
export function cashExpected(methods: readonly MethodTotal[]): number {
  return methods.find((m) => m.method === 'cash')?.total ?? 0;
}

/** How far the counted cash is from what was expected (counted minus expected). */
export function cashDifference(expected: number, counted: number): number {
  return roundMoney(counted - expected);
}

/**
 * Why a counted drawer cannot be recorded: a difference needs a note saying why (a missing note
 * is the question staff are asked, not a refusal of the count).
 */
export function cashCountProblem(expected: number, counted: number | null | undefined, note: string | null | undefined): 'cashNoteRequired' | null {
  if (counted == null || !(counted >= 0)) return null;
  return cashDifference(expected, counted) !== 0 && !note?.trim() ? 'cashNoteRequired' : null;
}

/** An amount as staff type it ("50", "42,30", "42.3"), or null when it is not one. */
export function parseAmount(text: string): number | null {
  const clean = text.trim().replace(/\s|€/g, '').replace(',', '.');
  if (!/^\d{1,7}(\.\d{0,2})?$/.test(clean)) return null;
  return roundMoney(Number(clean));
}
