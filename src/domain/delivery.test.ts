import { describe, expect, it } from 'vitest';
import type { OrderResponse } from '../api/contract/orders';
import { parseRomeDateTime } from './dates';
import {
  assignScan,
  assignUnchecked,
  confirmMoment,
  deliveryLines,
  deliveryRequest,
  deliverySummary,
  errorsByIndex,
  extraPriceReference,
  extraProducts,
  freeLines,
  linesByPerson,
  normalizeCode,
  queuedDelivery,
  returned,
  stillOut,
  unitFitsSize,
  validateExtraPrice,
  type DeliveryScan,
  type ScannedUnit,
} from './delivery';

const SNOWSHOES = 7;
const BIKE = 9;
const line = (id: number, productId = SNOWSHOES, label = 'Ciaspole', addOn = false) => ({
  id,
  product_id: productId,
  product_label: label,
  is_add_on: addOn,
  unit_price: 24,
  price_id: 1,
  total_price: 24,
  total_tax: 4,
  total_taxable: 20,
  original_total_price: 24,
});
type Detail = { id: number; id_order_detail: number | null; code: string; out?: string | null; back?: string | null; forced?: boolean; price?: number | null };
const detail = (d: Detail) => ({
  id: d.id,
  id_order_detail: d.id_order_detail,
  forced: d.forced ?? false,
  datetime_delivery: d.out === undefined ? '2026-12-20 09:00:00' : d.out,
  datetime_return: d.back ?? null,
  used: true,
  managed: !!d.back,
  price: d.price ?? null,
  delivery_detail_specific_product: { specific_product: { id: d.id * 10, product_model: 'TSL 325', internal_code: d.code } },
});
const order = (details: Detail[] = []) =>
  ({
    id: 1,
    order_detail_pools: [
      { id: 1, index: 0, customer: { first_name: 'Lia', last_name: 'Rossi' }, order_details: [line(11), line(12, 3, 'Casco', true)] },
      { id: 2, index: 1, customer: null, order_details: [line(21)] },
    ],
    delivery: { delivery_details: details.map(detail) },
  }) as unknown as OrderResponse;

const unit = (code: string, over: Partial<ScannedUnit> = {}): ScannedUnit => ({ internal_code: code, status: 'available', product: { id: SNOWSHOES, label: 'Ciaspole' }, out: null, ...over });
const scan = (code: string, lineId: number | null): DeliveryScan => ({ code, lineId, forced: false, reason: '', price: '', productId: SNOWSHOES, productLabel: 'Ciaspole', checked: true });

describe('the lines of an order at the delivery counter', () => {
  it('lists every line per person with its latest hand-out and state', () => {
    const lines = deliveryLines(order([{ id: 1, id_order_detail: 11, code: 'A', back: '2026-12-21 10:00:00' }, { id: 2, id_order_detail: 11, code: 'B' }, { id: 3, id_order_detail: 21, code: 'C', back: '2026-12-21 10:00:00' }]));
    expect(lines.map((l) => [l.id, l.person, l.personName, l.status, l.handOut?.id ?? null])).toEqual([
      [11, 0, 'Lia Rossi', 'out', 2],
      [12, 0, 'Lia Rossi', 'todo', null],
      [21, 1, '', 'back', 3],
    ]);
    expect(linesByPerson(lines).map((g) => g.map((l) => l.id))).toEqual([[11, 12], [21]]);
  });

  it('says whether the delivery is partial', () => {
    expect(deliverySummary(deliveryLines(order()))).toEqual({ lines: 3, todo: 3, out: 0, back: 0, partial: false });
    expect(deliverySummary(deliveryLines(order([{ id: 1, id_order_detail: 11, code: 'A' }])))).toMatchObject({ todo: 2, out: 1, partial: true });
    expect(deliverySummary(deliveryLines(order([11, 12, 21].map((l) => ({ id: l, id_order_detail: l, code: `U${l}` })))))).toMatchObject({ todo: 0, out: 3, partial: false });
  });

  it('lists units out without a line as extra specific products with their delivery block (spec §3)', () => {
    const o = order([{ id: 5, id_order_detail: null, code: 'X-01', forced: true, price: 15 }, { id: 6, id_order_detail: 11, code: 'A' }]);
    expect(extraProducts(o)).toEqual([
      {
        id: 50,
        internal_code: 'X-01',
        product_model: 'TSL 325',
        delivery: { id: 5, date: '2026-12-20 09:00:00', date_return: null, forced: true, deleted: false, add: false },
        pickup: null,
        used: true,
        managed: false,
        price: 15,
      },
    ]);
  });

  it('tells what is still out and what is back', () => {
    const o = order([{ id: 1, id_order_detail: 11, code: 'A' }, { id: 2, id_order_detail: 21, code: 'B', back: '2026-12-21 10:00:00' }, { id: 3, id_order_detail: null, code: 'X' }]);
    expect(stillOut(o).map((d) => d.id)).toEqual([1, 3]);
    expect(returned(o).map((d) => d.id)).toEqual([2]);
  });
});

describe('which line a scanned unit goes to', () => {
  const lines = deliveryLines(order());

  it('takes the first free line of the same product', () => {
    expect(assignScan(lines, [], unit('S-01'))).toEqual({ ok: true, lineId: 11 });
    expect(assignScan(lines, [scan('S-01', 11)], unit('S-02'))).toEqual({ ok: true, lineId: 21 });
    // A line whose delivery waits in the outbox is taken too.
    expect(assignScan(lines, [], unit('S-02'), new Set([11]))).toEqual({ ok: true, lineId: 21 });
  });

  it('refuses a unit already scanned, locked or out, naming the order it is out for', () => {
    expect(assignScan(lines, [scan('S-01', 11)], unit('S-01'))).toMatchObject({ ok: false, refusal: { key: 'kiosk.delivery.scan.duplicate' }, offer: null });
    expect(assignScan(lines, [], unit('S-01', { status: 'locked' }))).toMatchObject({ ok: false, refusal: { key: 'kiosk.delivery.scan.locked', params: { code: 'S-01' } } });
    const out = unit('S-01', { status: 'out', out: { delivery_detail_id: 1, order_id: 2, order_number: 'B-7', id_order_detail: 4, date_to: '2026-12-22' } });
    expect(assignScan(lines, [], out)).toMatchObject({ ok: false, refusal: { key: 'kiosk.delivery.scan.out', params: { order: 'B-7' } } });
  });

  it('offers a force for another product while lines are free, an extra when none is', () => {
    const bike = unit('B-01', { product: { id: BIKE, label: 'Bici' } });
    expect(assignScan(lines, [], bike)).toEqual({ ok: false, refusal: { key: 'kiosk.delivery.scan.wrongProduct', params: { code: 'B-01', product: 'Ciaspole' } }, offer: 'force' });
    const taken = [scan('S-01', 11), scan('H-01', 12), scan('S-02', 21)];
    expect(assignScan(lines, taken, unit('S-03'))).toMatchObject({ ok: false, refusal: { key: 'kiosk.delivery.scan.noLine' }, offer: 'extra' });
    expect(freeLines(lines, taken)).toEqual([]);
  });

  it('a sized line takes only a unit of its size: another size is refused, with no force offered', () => {
    const sized = deliveryLines({
      id: 2,
      order_detail_pools: [{ id: 3, index: 0, customer: null, order_details: [{ ...line(31, BIKE, 'MTB'), size: 'M' }, { ...line(32, BIKE, 'MTB'), size: 'L' }] }],
      delivery: { delivery_details: [] },
    } as unknown as OrderResponse);
    expect(sized.map((l) => l.size)).toEqual(['M', 'L']);
    const bike = (code: string, size: string | null) => unit(code, { product: { id: BIKE, label: 'MTB' }, size });
    // An L goes to the L line even though the M line comes first.
    expect(assignScan(sized, [], bike('B-03', 'L'))).toEqual({ ok: true, lineId: 32 });
    expect(assignScan(sized, [], bike('B-01', 'S'))).toEqual({
      ok: false,
      refusal: { key: 'kiosk.delivery.scan.wrongSize', params: { code: 'B-01', size: 'S', wanted: 'M, L', product: 'MTB' } },
      offer: null,
    });
    // A line without a size takes any unit of its product.
    expect(assignScan(lines, [], unit('S-01', { size: 'XL' }))).toEqual({ ok: true, lineId: 11 });
  });

  it('a unit fits a line of its size, or a line without one', () => {
    expect(unitFitsSize('M', 'M')).toBe(true);
    expect(unitFitsSize('M', 'S')).toBe(false);
    expect(unitFitsSize('M', null)).toBe(false);
    expect(unitFitsSize(null, 'S')).toBe(true);
  });

  it('offline: the first free line, judged by the API on Confirm', () => {
    expect(assignUnchecked(lines, [scan('S-01', 11)], 'S-09')).toEqual({ ok: true, lineId: 12 });
    expect(assignUnchecked(lines, [scan('S-01', 11)], 'S-01')).toMatchObject({ ok: false });
    expect(assignUnchecked(lines, [scan('a', 11), scan('b', 12), scan('c', 21)], 'S-09')).toMatchObject({ ok: false, offer: 'extra' });
  });

  it('reads a code as printed on the label', () => {
    expect(normalizeCode('  s06-ciaspole-01\n')).toBe('S06-CIASPOLE-01');
  });
});

describe("an extra's price", () => {
  it('may be blank; otherwise positive and within 20 % of what the order pays for the product', () => {
    expect(validateExtraPrice('', 24)).toBe(true);
    expect(validateExtraPrice('24', 24)).toBe(true);
    expect(validateExtraPrice('19,20', 24)).toBe(true);
    expect(validateExtraPrice('-3', 24)).toEqual({ key: 'validators.minQuantity' });
    expect(validateExtraPrice('30', 24)).toEqual({ key: 'validators.delta', params: { min: 19.2, max: 28.8 } });
    expect(validateExtraPrice('100001', null)).toEqual({ key: 'validators.maxQuantity', params: { max: 100_000 } });
    expect(validateExtraPrice('500', null)).toBe(true);
  });

  it('takes its reference from a line of the same product', () => {
    const lines = deliveryLines(order());
    expect(extraPriceReference(lines, SNOWSHOES)).toBe(24);
    expect(extraPriceReference(lines, BIKE)).toBeNull();
  });
});

describe('the confirmation', () => {
  it('sends each scan on its line, forced with its reason, an extra with its price', () => {
    const scans = [scan('S-01', 11), { ...scan('B-01', 21), forced: true, reason: 'taglia' }, { ...scan('S-03', null), price: '12,5' }, scan('S-04', null)];
    expect(deliveryRequest(1, scans, '2026-12-23 18:59:07.250')).toEqual({
      order_id: 1,
      date: '2026-12-23 18:59:07.250',
      delivery_details: [
        { internal_code: 'S-01', id_order_detail: 11, forced: false },
        { internal_code: 'B-01', id_order_detail: 21, forced: true, reason: 'taglia' },
        { internal_code: 'S-03', forced: false, price: 12.5 },
        { internal_code: 'S-04', forced: false },
      ],
    });
  });

  it('dates it at the Rome wall-clock moment of Confirm, to the millisecond, whatever the device zone', () => {
    const winter = new Date('2026-12-23T17:59:07.250Z');
    expect(confirmMoment(winter)).toBe('2026-12-23 18:59:07.250');
    expect(confirmMoment(new Date('2026-07-01T21:30:00.005Z'))).toBe('2026-07-01 23:30:00.005');
    // The API reads it back as the same instant.
    expect(parseRomeDateTime(confirmMoment(winter)).getTime()).toBe(winter.getTime());
  });

  it("maps the API's refusal back to the scans", () => {
    expect(errorsByIndex({ 'delivery_details.1.internal_code': ['out'], 'delivery_details.0.id_order_detail': ['line'], order_id: ['x'] }, 'delivery_details')).toEqual(
      new Map([
        [1, 'out'],
        [0, 'line'],
      ]),
    );
  });

  it('knows the lines and codes of deliveries waiting in the outbox for the order', () => {
    const outbox = [
      { kind: 'delivery', state: 'pending', body: { order_id: 1, delivery_details: [{ internal_code: 's-01', id_order_detail: 11 }, { internal_code: 'X-01' }] } },
      { kind: 'delivery', state: 'refused', body: { order_id: 1, delivery_details: [{ internal_code: 'S-02', id_order_detail: 21 }] } },
      { kind: 'delivery', state: 'pending', body: { order_id: 2, delivery_details: [{ internal_code: 'S-03', id_order_detail: 31 }] } },
      { kind: 'pickup', state: 'pending', body: { items: [{ internal_code: 'S-04' }] } },
    ];
    const queued = queuedDelivery(outbox, 1);
    expect([...queued.lineIds]).toEqual([11]);
    expect([...queued.codes]).toEqual(['S-01', 'X-01']);
  });
});
