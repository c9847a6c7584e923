import { describe, expect, it } from 'vitest';
import type { ScannedUnit } from './delivery';
import { checkPickupScan, diffWording, pickupDate, pickupRequest, pickupScanOf, queuedPickupCodes, type PickupScan } from './pickup';

const out = (code: string, orderId = 1): ScannedUnit => ({
  internal_code: code,
  status: 'out',
  product: { id: 7, label: 'Ciaspole' },
  out: { delivery_detail_id: 40, order_id: orderId, order_number: `N-${orderId}`, id_order_detail: 11, date_to: '2026-12-22' },
});

describe('taking units back', () => {
  it('accepts a unit out (for the chosen order, when there is one), refuses the rest', () => {
    expect(checkPickupScan([], out('S-01'), null)).toBeNull();
    expect(checkPickupScan([], out('S-01'), 1)).toBeNull();
    expect(checkPickupScan([], out('S-01', 2), 1)).toEqual({ key: 'kiosk.pickup.scan.otherOrder', params: { code: 'S-01', order: 'N-2' } });
    expect(checkPickupScan([], { ...out('S-01'), status: 'available', out: null }, null)).toEqual({ key: 'kiosk.pickup.scan.notOut', params: { code: 'S-01' } });
    expect(checkPickupScan([pickupScanOf(out('S-01'))], out('S-01'), null)).toMatchObject({ key: 'kiosk.pickup.scan.duplicate' });
  });

  it('keeps what the scan found: the hand-out, its order and line', () => {
    expect(pickupScanOf(out('S-01'))).toEqual({ code: 'S-01', deliveryDetailId: 40, orderId: 1, orderNumber: 'N-1', lineId: 11, productLabel: 'Ciaspole', problem: null, checked: true });
  });

  it('sends problems trimmed, the order when chosen, and always a date', () => {
    const scans: PickupScan[] = [{ ...pickupScanOf(out('S-01')), problem: '  Attacco rotto ' }, { ...pickupScanOf(out('S-02')), problem: '  ' }];
    expect(pickupRequest(scans, 1, '2026-12-23 10:15')).toEqual({ order_id: 1, date: '2026-12-23 10:15', items: [{ internal_code: 'S-01', problem: 'Attacco rotto' }, { internal_code: 'S-02' }] });
    expect(pickupRequest(scans, null, '2026-12-20 18:59:07.250')).toEqual({ date: '2026-12-20 18:59:07.250', items: [{ internal_code: 'S-01', problem: 'Attacco rotto' }, { internal_code: 'S-02' }] });
  });

  it('dates a return today at the moment of Confirm, another day at the Rome clock', () => {
    // 18:59:07.250 in Rome on 2026-12-20: a pickup queued at closing is not recorded at its replay.
    const now = new Date('2026-12-20T17:59:07.250Z');
    expect(pickupDate('2026-12-20', now)).toBe('2026-12-20 18:59:07.250');
    expect(pickupDate('2026-12-23', now)).toBe('2026-12-23 18:59');
    // Past midnight in Rome, still the 20th in UTC: "today" is Rome's day.
    expect(pickupDate('2026-12-21', new Date('2026-12-20T23:30:00.000Z'))).toBe('2026-12-21 00:30:00.000');
  });

  it('words a difference as money back or a surcharge', () => {
    expect(diffWording(-19)).toEqual({ kind: 'refund', amount: 19 });
    expect(diffWording(12.5)).toEqual({ kind: 'surcharge', amount: 12.5 });
    expect(diffWording(0)).toEqual({ kind: 'none', amount: 0 });
  });

  it('knows the codes of pickups waiting in the outbox', () => {
    const outbox = [
      { kind: 'pickup', state: 'pending', body: { items: [{ internal_code: 's-01' }] } },
      { kind: 'pickup', state: 'refused', body: { items: [{ internal_code: 'S-02' }] } },
      { kind: 'delivery', state: 'pending', body: { order_id: 1, delivery_details: [{ internal_code: 'S-03' }] } },
    ];
    expect([...queuedPickupCodes(outbox)]).toEqual(['S-01']);
  });
});
