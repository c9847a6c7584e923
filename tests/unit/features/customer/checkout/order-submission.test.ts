// The checkout's Idempotency-Key (src/features/customer/checkout/stores/order-submission.ts) against the real API:
// a submission whose answer was lost is sent again with the same key (the form rebuilt from the
// same cart), and the API answers with the first order instead of placing a second; a definite
// answer ends the submission, a changed cart is a new one.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { count, eq } from 'drizzle-orm';
import { orders } from '~server/db/schema/index';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '~/api/contract/idempotency';
import { buildOrderFormData, type OrderFormInput } from '~/domain/orders';
import { TERMS_VERSION } from '~/domain/terms';
import { testDrivers } from '~tests/support/databases';
import { createTestApi, type TestApi } from '~tests/support/app';
import { day, pick } from '~tests/support/orders';
import { SHOP } from '~tests/support/staff';
import { DateModes } from '~/domain/dates';

beforeAll(() => {
  useTestStorageEngine();
});

const { $pendingOrderSubmission, orderSubmission } = await import('~/features/customer/checkout/stores/order-submission');

describe('order submissions', () => {
  let api: TestApi;
  let input: OrderFormInput;
  beforeAll(async () => {
    api = await createTestApi(testDrivers[0]!);
    const from = day(6);
    const bike = await pick(api, SHOP, 'CITYBIKE', { from });
    input = {
      phone: '+39 333 123 4567',
      first_name: 'Carla',
      last_name: 'Ritenta',
      fiscal_code: null,
      fidelityCardNumber: null,
      coupons: [],
      products: [{ id_price: bike.main.id, related: [] }],
      medias: [{ id: 0, stored: false, deleted: false, file: new File(['%PDF-1.4\n%%EOF\n'], 'documento.pdf', { type: 'application/pdf', lastModified: 1 }) }],
      multipleDates: DateModes.SINGLE,
      dates: [from],
      email: 'ritenta@example.com',
      invoice: false,
      termsVersion: TERMS_VERSION,
    };
  }, 120_000);
  afterAll(() => api.dispose());
  beforeEach(() => cleanTestStorage());

  const post = (form: FormData, headers: Record<string, string>) => api.request(`/api/v1/shops/${SHOP}/orders`, { method: 'POST', body: form, headers });
  const placed = async () => (await api.deps.database.db.select({ n: count() }).from(orders).where(eq(orders.email, 'ritenta@example.com')))[0]!.n;

  it('sends a retry of the same submission with the same key: one order, the first answer again', async () => {
    const first = orderSubmission(buildOrderFormData(input));
    expect(first.headers[IDEMPOTENCY_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    const lost = await post(buildOrderFormData(input), first.headers);
    expect(lost.status).toBe(201);
    first.settle(null); // the answer never reached the browser
    expect($pendingOrderSubmission.get()?.key).toBe(first.headers[IDEMPOTENCY_HEADER]);

    // The customer presses the button again: the form is built again from the same cart.
    const retry = orderSubmission(buildOrderFormData(input));
    expect(retry.headers).toEqual(first.headers);
    const again = await post(buildOrderFormData(input), retry.headers);
    expect([again.status, again.headers.get(IDEMPOTENT_REPLAYED_HEADER)]).toEqual([201, 'true']);
    expect((await again.json()).data.uuid).toBe((await lost.json()).data.uuid);
    expect(await placed()).toBe(1);
    retry.settle(201);
    expect($pendingOrderSubmission.get()).toBeNull();

    // The next submission, even of the same cart, is a new order with a new key.
    expect(orderSubmission(buildOrderFormData(input)).headers).not.toEqual(first.headers);
  });

  it('keeps the key through a server error, 409 and 429; a refusal ends it; a changed cart gets another', () => {
    const sub = orderSubmission(buildOrderFormData(input));
    for (const status of [500, 503, 409, 429]) {
      sub.settle(status);
      expect(orderSubmission(buildOrderFormData(input)).headers).toEqual(sub.headers);
    }
    expect(orderSubmission(buildOrderFormData({ ...input, phone: '+39 333 000 1111' })).headers).not.toEqual(sub.headers);

    const refused = orderSubmission(buildOrderFormData(input));
    refused.settle(422);
    expect($pendingOrderSubmission.get()).toBeNull();
    // Another document (same name, other size) is another submission too.
    const other = orderSubmission(buildOrderFormData(input));
    const withOtherFile = { ...input, medias: [{ id: 0, stored: false, deleted: false, file: new File(['%PDF-1.4\nmore\n%%EOF\n'], 'documento.pdf', { type: 'application/pdf', lastModified: 1 }) }] };
    expect(orderSubmission(buildOrderFormData(withOtherFile)).headers).not.toEqual(other.headers);
  });
});
