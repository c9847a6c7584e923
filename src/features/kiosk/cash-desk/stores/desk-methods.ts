// Payments the desk takes without charging the card on its terminal: cash (with change), a card or
// a transfer outside the terminal, or a split of two of them; a split with a terminal part goes to
// the terminal's own flow (stores/cash-desk.ts payOrder), which charges the rest under a claim.
// Each payment has its own Idempotency-Key, kept while it is retried: a double tap, or a retry after
// a lost answer, records it once (the API answers the first request's order). The rules of the
// parts are src/domain/desk-methods.ts.
import { ApiClientError } from '~/api/client';
import { recordDeskPayments } from '~/api/cash-desk';
import type { OrderResponse } from '~/api/contract/orders';
import { errorMessage } from '~/api/errors';
import { paymentPartsProblem, terminalPart, type PaymentPart } from '~/domain/desk-methods';
import type { ShownMessage } from '~/domain/messages';
import { ruleWords } from '../payment-words';
import type { ApiClient } from '~/api/client';
import { loadApi } from '~/stores/api-loader';
import { payOrder, printReceipt, type PayOutcome } from './cash-desk';

export type MethodsOutcome =
  | PayOutcome
  /** Refused on a field (the API's 422): its message under that field of the form. */
  | { status: 'invalid'; errors: Record<string, string[]>; message: ShownMessage };

/** A part of a split the terminal does not take. */
type OtherPart = Omit<PaymentPart, 'method'> & { method: Exclude<PaymentPart['method'], 'terminal'> };

interface Deps {
  api: () => Promise<ApiClient>;
  now: () => Date;
  newKey: () => string;
  /** The terminal's flow, for a split with a terminal part; the receipt printed after a payment. */
  desk: () => Promise<{
    payOrder: (order: OrderResponse, others: OtherPart[]) => Promise<PayOutcome>;
    printReceipt: (order: OrderResponse) => Promise<boolean>;
  }>;
}

const defaults: Deps = {
  api: loadApi,
  now: () => new Date(),
  newKey: () => crypto.randomUUID(),
  // This store is itself loaded on first use (with its form): the terminal's code comes along.
  desk: async () => ({ payOrder, printReceipt }),
};

export function createDeskMethods(deps: Partial<Deps> = {}) {
  const { api, now, newKey, desk } = { ...defaults, ...deps };
  /** The payment of each order this page is recording now: a second tap joins it. */
  const inFlight = new Map<string, Promise<MethodsOutcome>>();
  /** The key and moment of a payment not recorded yet, by order uuid and parts: a retry sends the same request. */
  const pending = new Map<string, { parts: string; key: string; date: string }>();

  async function record(order: OrderResponse, parts: PaymentPart[]): Promise<MethodsOutcome> {
    const problem = paymentPartsProblem(parts, order.total_amount);
    if (problem) return { status: 'invalid', errors: { [problem.field]: [problem.key] }, message: { key: ruleWords(problem.key), params: problem.params ?? {} } };
    const onTerminal = terminalPart(parts);
    if (onTerminal) {
      const others = parts.flatMap((p): OtherPart[] => (p.method === 'terminal' ? [] : [{ ...p, method: p.method }]));
      return (await desk()).payOrder(order, others);
    }
    const shape = JSON.stringify(parts);
    const kept = pending.get(order.uuid);
    const request = kept?.parts === shape ? kept : { parts: shape, key: newKey(), date: now().toISOString() };
    pending.set(order.uuid, request);
    try {
      const paid = await recordDeskPayments(await api(), order.id, { date: request.date, parts }, request.key);
      pending.delete(order.uuid);
      await (await desk()).printReceipt(paid);
      return { status: 'paid', order: paid };
    } catch (err) {
      if (!(err instanceof ApiClientError)) return { status: 'refused', message: errorMessage(err) };
      // A refusal is final for this request: the next tap is a new payment with a key of its own.
      pending.delete(order.uuid);
      if (err.status === 422) return { status: 'invalid', errors: err.errors, message: err.message };
      return { status: 'refused', message: err.message };
    }
  }

  /** Records the payment of `order` in `parts`; a second call while one runs gets the same outcome. */
  function payByMethods(order: OrderResponse, parts: PaymentPart[]): Promise<MethodsOutcome> {
    const running = inFlight.get(order.uuid);
    if (running) return running;
    const run = record(order, parts).finally(() => inFlight.delete(order.uuid));
    inFlight.set(order.uuid, run);
    return run;
  }

  return { payByMethods };
}

export const { payByMethods } = createDeskMethods();
