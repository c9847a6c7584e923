// Managing orders: list, view (owner or uuid holder only), search, edit with the PATCH override,
// contact changes, cancel, export; orders that started or ended can no longer change (410).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { roundMoney } from '~/domain/money';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { availability, day, login, orderForm, pick, postOrder, productId, readMail, seededAmount, signup, stockOf, type OrderJson } from '../support/orders';
import { answer, outcome, refusal } from '../support/contract';
import { OrderEnvelopeSchema, OrderListEnvelopeSchema } from '~/api/contract/orders';

const SHOP = 6;
const GONE = { message: "L'ordine non può più essere modificato" };
const NOT_FOUND = { message: 'Risorsa non trovata' };

describe.each(testDrivers)('managing orders on $name', (driver) => {
  const api = seededApi(driver);
  let mario: string;
  let stranger: string;
  beforeAll(async () => {
    mario = await login(api);
    stranger = await signup(api, 'stranger@example.com');
  }, 120_000);

  /** A city bike (no customer info needed) booked from `from` to `to`. */
  const place = async (from: string, to: string, token?: string): Promise<OrderJson> => {
    const { main } = await pick(api, SHOP, 'CITYBIKE', { from, to });
    const { status, order, body } = await postOrder(api, SHOP, orderForm({ from, to, cart: [{ prices: [main.id] }] }), { token });
    if (status !== 201) throw new Error(JSON.stringify(body));
    return order;
  };
  // Every order answer must match the contract the storefront parses with: one order, or a list.
  const get = async (path: string, token?: string) => {
    const res = await api.request(path, { token });
    return { status: res.status, body: await outcome(res, OrderEnvelopeSchema) };
  };
  const list = async (path: string, token?: string) => {
    const res = await api.request(path, { token });
    return { status: res.status, body: await outcome(res, OrderListEnvelopeSchema) };
  };
  const bikes = (from: string, to: string) => availability(api, SHOP, { from, to }).then((a) => a[productId(api, SHOP, 'CITYBIKE')]);

  it("lists the customer's orders, newest first; 401 without a token", async () => {
    const order = await place(day(20), day(21), mario);
    const { status, body } = await list('/api/v1/orders', mario);
    expect(status).toBe(200);
    expect(body.data.map((o) => o.number)).toContain(order.number);
    expect(body.data.filter((o) => !o.editable)).toHaveLength(2); // the two past demo orders
    const froms = body.data.map((o) => o.date_from);
    expect(froms).toEqual([...froms].sort().reverse());
    expect(await list('/api/v1/orders')).toEqual({ status: 401, body: { message: 'Sessione non valida o scaduta: accedi di nuovo' } });
    expect((await list('/api/v1/orders', stranger)).body.data).toEqual([]);
  });

  it('shows an order to its owner only; guests reach it by uuid', async () => {
    const mine = await place(day(22), day(22), mario);
    expect(await get(`/api/v1/orders/${mine.id}`, mario)).toMatchObject({ status: 200, body: { data: { number: mine.number } } });
    expect((await get(`/api/v1/orders/${mine.number}`, mario)).status).toBe(200);
    expect(await get(`/api/v1/orders/${mine.id}`, stranger)).toEqual({ status: 404, body: NOT_FOUND });
    expect(await get(`/api/v1/orders/${mine.id}`)).toEqual({ status: 404, body: NOT_FOUND });
    expect(await get(`/api/v1/orders/${mine.number}`)).toEqual({ status: 404, body: NOT_FOUND });

    const guest = await place(day(23), day(23));
    expect(await get(`/api/v1/orders/${guest.id}`)).toEqual({ status: 404, body: NOT_FOUND });
    const byUuid = await get(`/api/v1/guest/orders/${guest.uuid}`);
    expect(byUuid.status).toBe(200);
    expect(byUuid.body.data).toEqual(guest);
    expect((await get(`/api/v1/guest/orders/${guest.uuid.toUpperCase()}`)).body.data.id).toBe(guest.id);
    expect((await get(`/api/v1/orders/${guest.uuid}`)).status).toBe(200);
    for (const bad of ['not-a-uuid', String(guest.id), randomUUID(), `${guest.uuid}x`]) {
      expect(await get(`/api/v1/guest/orders/${bad}`)).toEqual({ status: 404, body: NOT_FOUND });
    }
  });

  it("searches the customer's orders by number", async () => {
    const order = await place(day(24), day(24), mario);
    const hit = await list(`/api/v1/orders/search?q=${order.number}`, mario);
    expect(hit.status).toBe(200);
    expect(hit.body.data.map((o) => o.number)).toEqual([order.number]);
    expect((await list(`/api/v1/orders/search?date=${day(24)}`, mario)).body.data.map((o) => o.number)).toEqual([order.number]);
    expect((await list('/api/v1/orders/search?q=Verdi', mario)).body.data.length).toBeGreaterThanOrEqual(1);
    expect((await list('/api/v1/orders/search?q=zzz%25', mario)).body.data).toEqual([]);
    expect((await list(`/api/v1/orders/search?q=${order.number}`, stranger)).body.data).toEqual([]);
    expect((await list(`/api/v1/orders/search?q=${order.number}`)).status).toBe(401);
    const bad = await list('/api/v1/orders/search?date=2026-99-01', mario);
    expect([bad.status, bad.body.errors]).toEqual([422, { date: ['Data non valida'] }]);
  });

  it('edits an order (POST with _method=PATCH): new dates, new total, same number, old dates freed', async () => {
    const order = await place(day(40), day(41));
    expect(order.total_amount).toBe(roundMoney(seededAmount('CITYBIKE', 'days2to3') * 2));
    expect(await bikes(day(40), day(41))).toBe(stockOf('CITYBIKE') - 1);

    const { main } = await pick(api, SHOP, 'CITYBIKE', { from: day(44), to: day(47), edit_order_code: order.number });
    const form = orderForm({ from: day(44), to: day(47), cart: [{ prices: [main.id] }], extra: { _method: 'PATCH', edit_order_code: order.number } });
    const res = await api.request(`/api/v1/orders/${order.uuid}`, { method: 'POST', body: form });
    expect(res.status).toBe(200);
    const { data } = await answer(res, OrderEnvelopeSchema);
    expect(data).toMatchObject({ id: order.id, uuid: order.uuid, number: order.number, date_from: day(44), date_to: day(47) });
    expect(data.total_amount).toBe(roundMoney(seededAmount('CITYBIKE', 'days4to6') * 4));
    expect(data.total_amount).not.toBe(order.total_amount);
    expect(await bikes(day(40), day(41))).toBe(stockOf('CITYBIKE'));
    expect(await bikes(day(44), day(47))).toBe(stockOf('CITYBIKE') - 1);
    expect(readMail(api.outbox().at(-1)!).subject).toBe(`Ordine ${order.number} modificato`);

    const noOverride = orderForm({ from: day(44), to: day(47), cart: [{ prices: [main.id] }] });
    const refused = await api.request(`/api/v1/orders/${order.uuid}`, { method: 'POST', body: noOverride });
    expect(refused.status).toBe(422);
    expect((await refusal(refused)).errors).toEqual({ _method: ['Campo obbligatorio'] });
    const byId = await api.request(`/api/v1/orders/${order.id}`, { method: 'POST', body: form });
    expect(byId.status).toBe(404);
  });

  it("lets the owner edit by id, counting the order's own unit as free", async () => {
    const kit = async (from: string, to: string) => (await pick(api, SHOP, 'AUTOSOCCORSO', { from, to })).main.id;
    const placed = await postOrder(api, SHOP, orderForm({ from: day(70), cart: [{ prices: [await kit(day(70), day(70))] }] }), { token: mario });
    expect(placed.status).toBe(201);
    const form = orderForm({ from: day(70), to: day(71), cart: [{ prices: [await kit(day(70), day(71))] }], extra: { _method: 'patch' } });
    const res = await api.request(`/api/v1/orders/${placed.order.id}`, { method: 'POST', body: form, token: mario });
    expect(res.status).toBe(200);
    expect((await answer(res, OrderEnvelopeSchema)).data).toMatchObject({ date_from: day(70), date_to: day(71), total_amount: roundMoney(seededAmount('AUTOSOCCORSO', 'days2to3') * 2) });
    const other = await postOrder(api, SHOP, orderForm({ from: day(71), cart: [{ prices: [await kit(day(71), day(71))] }] }));
    expect([other.status, other.body.errors]).toEqual([422, { 'cart.0': ['Kit autosoccorso non è più disponibile per le date scelte (disponibili: 0)'] }]);
  });

  it('changes contact and invoice data (PATCH JSON)', async () => {
    const order = await place(day(48), day(48), mario);
    const patch = (body: unknown, token: string | undefined = mario, ref: string | number = order.id) =>
      api.request(`/api/v1/orders/${ref}`, { method: 'PATCH', json: body, token });
    const phone = await patch({ phone: '+39 347 555 0000' });
    expect(phone.status).toBe(200);
    expect((await answer(phone, OrderEnvelopeSchema)).data).toMatchObject({ phone: '+39 347 555 0000', number: order.number, total_amount: order.total_amount });

    const noCode = await patch({ invoice: true });
    expect(noCode.status).toBe(422);
    expect(await refusal(noCode)).toEqual({ message: 'Campo obbligatorio', errors: { fiscal_code: ['Campo obbligatorio'] } });
    const invoice = await patch({ invoice: 1, fiscal_code: 'RSSMRA80A01H501U' });
    expect((await answer(invoice, OrderEnvelopeSchema)).data).toMatchObject({ invoice: true, fiscal_code: 'RSSMRA80A01H501U' });
    const email = await patch({ email: 'nope' }, mario, order.uuid);
    expect([email.status, (await refusal(email)).errors]).toEqual([422, { email: ['Indirizzo email non valido'] }]);
    expect((await patch({ phone: '+39 1' }, stranger)).status).toBe(404);
    const text = await api.request(`/api/v1/orders/${order.id}`, { method: 'PATCH', body: 'phone=1', token: mario, headers: { 'content-type': 'application/json' } });
    expect(text.status).toBe(422);
  });

  it('cancels an order (DELETE ?date=): availability restored, a second cancel is 410', async () => {
    const order = await place(day(50), day(50));
    expect(await bikes(day(50), day(50))).toBe(stockOf('CITYBIKE') - 1);
    const noDate = await api.request(`/api/v1/orders/${order.uuid}`, { method: 'DELETE' });
    expect([noDate.status, (await refusal(noDate)).errors]).toEqual([422, { date: ['Campo obbligatorio'] }]);
    expect((await api.request(`/api/v1/orders/${order.id}?date=${day(0)}`, { method: 'DELETE' })).status).toBe(404);

    const res = await api.request(`/api/v1/orders/${order.uuid}?date=${day(0)}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    const body = await answer(res, OrderEnvelopeSchema);
    expect(body.message).toBe('Ordine annullato');
    expect(body.data).toMatchObject({ id: order.id, status: 'cancelled', editable: false });
    expect(await bikes(day(50), day(50))).toBe(stockOf('CITYBIKE'));

    const again = await api.request(`/api/v1/orders/${order.uuid}?date=${day(0)}`, { method: 'DELETE' });
    expect([again.status, await refusal(again)]).toEqual([410, GONE]);
    const patch = await api.request(`/api/v1/orders/${order.uuid}`, { method: 'PATCH', json: { phone: '+39 333 1' } });
    expect(patch.status).toBe(410);
  });

  it('refuses changes to past or started orders with 410', async () => {
    const past = (await list('/api/v1/orders', mario)).body.data.find((o) => o.date_to < day(0))!;
    expect(past).toBeDefined();
    const change = (ref: string | number) => api.request(`/api/v1/orders/${ref}`, { method: 'PATCH', json: { phone: '+39 333 222 1111' }, token: mario });
    expect([(await change(past.id)).status, await refusal(await change(past.id))]).toEqual([410, GONE]);
    const del = await api.request(`/api/v1/orders/${past.id}?date=${day(0)}`, { method: 'DELETE', token: mario });
    expect(del.status).toBe(410);

    // Within the token's 30 days, so the refusal is about the order, not the session.
    const started = await place(day(10), day(12), mario);
    api.setNow(new Date(`${day(10)}T10:00:00Z`));
    try {
      expect((await change(started.id)).status).toBe(410);
      const { main } = await pick(api, SHOP, 'CITYBIKE', { from: day(13), to: day(14) });
      const form = orderForm({ from: day(13), to: day(14), cart: [{ prices: [main.id] }], extra: { _method: 'PATCH' } });
      expect((await api.request(`/api/v1/orders/${started.uuid}`, { method: 'POST', body: form })).status).toBe(410);
    } finally {
      api.setNow(new Date());
    }
    expect((await change(started.id)).status).toBe(200);
  });

  it('exports an order as a CSV attachment', async () => {
    const order = await place(day(66), day(67), mario);
    const res = await api.request(`/api/v1/orders/${order.number}/export`, { token: mario });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="order-${order.number}.csv"`);
    const csv = await res.text();
    expect(csv.split('\r\n')[0]).toBe(`"Ordine";"${order.number}"`);
    // Read by a person in Italian: a decimal comma (the separator is ';'), the status in words, each person by name or number.
    expect(csv).toContain(`"Totale ordine";"${order.total_amount.toFixed(2).replace('.', ',')}"`);
    expect(csv).toContain('"Stato";"Confermato"');
    expect(csv).not.toMatch(/\r\n"?1"?;/);
    const en = await api.request(`/api/v1/orders/${order.uuid}/export`, { lang: 'en_GB' });
    const enCsv = await en.text();
    expect([en.status, enCsv.split('\r\n')[0]]).toEqual([200, `"Order";"${order.number}"`]);
    expect(enCsv).toContain(`"Order total";"${order.total_amount.toFixed(2)}"`);
    expect((await api.request(`/api/v1/orders/${order.number}/export`, { token: stranger })).status).toBe(404);
    expect((await api.request(`/api/v1/orders/${order.number}/export`)).status).toBe(404);
  });
});
