// What a log line may carry of an object in the API's shape: the API speaks snake_case
// (src/api/contract), the server's code camelCase; either way, at any depth (an order's people are
// four levels down), a secret or a person's data is written as `[redacted]` and nothing else of it
// reaches the line. What an operator needs (ids, statuses, counts) stays.
import { describe, expect, it } from 'vitest';
import { createLogger } from '~server/log';
import type { OrderResponse } from '~/api/contract/orders';
import type { SignupRequest } from '~/api/contract/auth';
import type { User } from '~/api/contract/user';

function capture() {
  const written: string[] = [];
  return { logger: createLogger({ destination: { write: (line: string) => void written.push(line) } }), text: () => written.join('') };
}

type Customer = NonNullable<OrderResponse['order_detail_pools'][number]['customer']>;
type OrderMedia = OrderResponse['medias'][number];

const PERSON = {
  first: 'Giulietta',
  last: 'Capuleti',
  email: 'giulietta.capuleti@example.com',
  phone: '+39 345 1112223',
  fiscal: 'CPLGLT90A41L781X',
  card: 'BOCARD-778899',
  document: 'carta-identita-giulietta-capuleti.png',
  childFirst: 'Tebaldino',
  childLast: 'Montecchi',
  password: 'Balcone-Verona-1302!',
  token: 'tok_' + 'v'.repeat(40),
};

const customer: Customer = { first_name: PERSON.childFirst, last_name: PERSON.childLast, height: '131', weight: '29', shoe_size: '33', level: 'base' };
const media: OrderMedia = { id: 7, url: '/api/v1/medias/7', name: PERSON.document, mime: 'image/png', size: 2048, img: null, front: true, stored: true, deleted: false };

/** An order as the API answers it, cut to the fields that matter here (names and nesting from the contract). */
const order = {
  id: 4211,
  number: 'BARD-2026-000417',
  status: 'confirmed',
  first_name: PERSON.first,
  last_name: PERSON.last,
  phone: PERSON.phone,
  email: PERSON.email,
  invoice: true,
  fiscal_code: PERSON.fiscal,
  fidelity_card_number: PERSON.card,
  order_detail_pools: [{ id: 1, index: 0, customer, order_details: [{ id: 9, product_label: 'City bike' }] }],
  medias: [media],
} satisfies Partial<Record<keyof OrderResponse, unknown>>;

const user: User = { id: 12, first_name: PERSON.first, last_name: PERSON.last, phone: PERSON.phone, username: PERSON.email, to_string: `${PERSON.first} ${PERSON.last}`, medias: [{ id: 7, url: '/x', name: PERSON.document }], fidelity_card_number: PERSON.card };

const signup: SignupRequest = {
  first_name: PERSON.first,
  last_name: PERSON.last,
  username: PERSON.email,
  password: PERSON.password,
  password_confirmation: PERSON.password,
  phone: PERSON.phone,
  fidelity_card_number: PERSON.card,
};

const values = (text: string) => Object.values(PERSON).filter((v) => text.includes(v));

describe('the log redaction', () => {
  it("writes none of a person's data of an order, a user or a signup in the API's snake_case, at any depth", () => {
    const { logger, text } = capture();
    logger.info({ order }, 'order placed');
    logger.info({ result: { data: { order } } }, 'deeper');
    logger.info({ user, signup }, 'account');
    logger.info({ orders: [order, order] }, 'a list');
    expect(values(text())).toEqual([]);
    // What is not personal stays readable.
    const [first] = text().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { order: Record<string, unknown> });
    expect(first!.order).toMatchObject({ id: 4211, number: 'BARD-2026-000417', status: 'confirmed', invoice: true, fiscal_code: '[redacted]' });
    expect(first!.order.order_detail_pools).toEqual([{ id: 1, index: 0, customer: '[redacted]', order_details: [{ id: 9, product_label: 'City bike' }] }]);
  });

  it("writes none of them in the server's camelCase or a header's spelling either", () => {
    const { logger, text } = capture();
    logger.warn({ firstName: PERSON.first, lastName: PERSON.last, fiscalCode: PERSON.fiscal, fidelityCardNumber: PERSON.card, mail: { recipient: PERSON.email } }, 'camel');
    logger.warn({ headers: { Authorization: `Bearer ${PERSON.token}`, 'X-Kiosk-Token': PERSON.token, Cookie: `session=${PERSON.token}` } }, 'headers');
    logger.child({ reqId: 'r-1' }).info({ upload: { fileName: PERSON.document, originalName: PERSON.document } }, 'in a request');
    expect(values(text())).toEqual([]);
  });

  it("blanks an error's personal fields (a driver's detail) and leaves the logged object as it was", () => {
    const { logger, text } = capture();
    const err = Object.assign(new Error('duplicate key value violates unique constraint "users_username_unique"'), {
      code: '23505',
      detail: `Key (username)=(${PERSON.email}) already exists.`,
    });
    const logged = { order: { ...order }, err };
    logger.error(logged, 'signup failed');
    expect(values(text())).toEqual([]);
    expect(text()).toContain('23505');
    expect(logged.order.email).toBe(PERSON.email);
    expect(logged.order.order_detail_pools[0]!.customer).toBe(customer);
  });

  it('writes a cyclic object without looping, and an object met twice side by side twice', () => {
    const { logger, text } = capture();
    const shared = { id: 3 };
    const cyclic: Record<string, unknown> = { id: 1, shared, again: shared };
    cyclic.self = cyclic;
    logger.info({ cyclic }, 'cycle');
    const [line] = text().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { cyclic: Record<string, unknown> });
    expect(line!.cyclic).toEqual({ id: 1, shared: { id: 3 }, again: { id: 3 }, self: '[redacted]' });
  });

  it("blanks Stripe's keys, in the configuration's spelling and the environment's", () => {
    const { logger, text } = capture();
    const key = 'sk_live_' + 'k'.repeat(24);
    const webhook = 'whsec_' + 'w'.repeat(24);
    logger.info({ stripe: { secretKey: key, webhookSecret: webhook, apiUrl: null }, env: { STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: webhook } }, 'config');
    expect(text()).not.toContain(key);
    expect(text()).not.toContain(webhook);
    expect(text()).toContain('"apiUrl":null');
  });
});
