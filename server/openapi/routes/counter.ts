// The shop counter: handing units out and taking them back, the units and their problems, who a
// pool is for (server/routes/staff/delivery.ts, inventory.ts, orders.ts). The cash desk's payments
// and day close are ./cash-desk.ts.
import { DeliveryRequestSchema, DiffQuerySchema, PickupRequestSchema, PriceDiffEnvelopeSchema, ResetPickupRequestSchema } from '~/api/contract/delivery';
import { ProblemRequestSchema, SpecificProductsQuerySchema } from '~/api/contract/inventory';
import { OrderEnvelopeSchema, OrderListEnvelopeSchema } from '~/api/contract/orders';
import { PoolChangesSchema } from '~/api/contract/staff';
import { UnitDetailEnvelope, UnitProblemEnvelope, UnitProblemsEnvelope, UnitsEnvelope } from '../envelopes';
import { json, tagged } from '../operation';
import { IDEMPOTENCY_KEY, IDEMPOTENT, PathText } from '../params';
import { ORDER } from '../examples/orders';
import { INVENTORY_ITEM, PRICE_DIFF, UNIT_DETAIL, UNIT_PROBLEM } from '../examples/staff';

const UNIT_CODE = { code: { schema: PathText, example: 'CIA-0042', description: "A unit of the caller's shop by its label's internal code." } };

export const counterOperations = tagged('Counter', [
  {
    method: 'post',
    path: '/v1/delivery',
    summary: 'Hand units out for an order',
    description: `Each unit on one of the order's lines or as an extra; a unit already out or locked is 422. ${IDEMPOTENT}`,
    caller: { kind: 'kiosk', minType: 20 },
    headers: [IDEMPOTENCY_KEY],
    body: json(DeliveryRequestSchema, { order_id: 41, delivery_details: [{ internal_code: 'CIA-0042', id_order_detail: 501 }] }),
    reply: { status: 200, description: 'The order with its hand-outs.', body: json(OrderEnvelopeSchema, { data: ORDER }) },
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/v1/pickup',
    summary: 'Take units back',
    description: `A \`problem\` locks the unit until it is unlocked. ${IDEMPOTENT}`,
    caller: { kind: 'kiosk', minType: 20 },
    headers: [IDEMPOTENCY_KEY],
    body: json(PickupRequestSchema, { order_id: 41, items: [{ internal_code: 'CIA-0042', problem: 'Cinghia destra rotta' }] }),
    reply: { status: 200, description: 'The orders the units were out for.', body: json(OrderListEnvelopeSchema, { data: [ORDER] }) },
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/v1/delivery_details/:id/reset_delivery',
    summary: 'Undo a hand-out',
    description: IDEMPOTENT,
    caller: { kind: 'kiosk', minType: 20 },
    headers: [IDEMPOTENCY_KEY],
    reply: { status: 200, description: 'The order.', body: json(OrderEnvelopeSchema, { data: ORDER }) },
    errors: [409, 422],
  },
  {
    method: 'post',
    path: '/v1/delivery_details/:id/reset_pickup',
    summary: 'Undo a return',
    description: `The body is optional: \`date\`, when staff confirmed the undo (a return recorded after it is refused, 422). ${IDEMPOTENT}`,
    caller: { kind: 'kiosk', minType: 20 },
    headers: [IDEMPOTENCY_KEY],
    body: json(ResetPickupRequestSchema, { date: '2026-12-13 17:05:00' }),
    reply: { status: 200, description: 'The order.', body: json(OrderEnvelopeSchema, { data: ORDER }) },
    errors: [409],
  },
  {
    method: 'get',
    path: '/v1/delivery_details/:id/diff',
    summary: 'Price of a hand-out back on another day',
    description: 'The booked days against the actual ones (back on `to`), by the pricing rules.',
    caller: { kind: 'kiosk', minType: 20 },
    query: { schema: DiffQuerySchema, example: { to: '2026-12-14' } },
    reply: { status: 200, description: 'The difference.', body: json(PriceDiffEnvelopeSchema, { data: PRICE_DIFF }) },
  },
  {
    method: 'get',
    path: '/v1/order_details/:id/diff',
    summary: 'Price of an order line back today',
    caller: { kind: 'kiosk', minType: 20 },
    reply: { status: 200, description: 'The difference.', body: json(PriceDiffEnvelopeSchema, { data: PRICE_DIFF }) },
  },
  {
    method: 'get',
    path: '/v1/specific_products',
    summary: "The shop's units",
    description: 'By product, status, order or text; with `extra=1` the units out outside order lines.',
    caller: { kind: 'kiosk', minType: 20 },
    query: { schema: SpecificProductsQuerySchema, example: { product_id: '11', status: 'out' } },
    reply: { status: 200, description: 'The units.', body: json(UnitsEnvelope, { data: [INVENTORY_ITEM] }) },
    errors: [404],
  },
  {
    method: 'get',
    path: '/v1/specific_products/:code',
    summary: 'A unit, its open problems and history',
    caller: { kind: 'kiosk', minType: 20 },
    params: UNIT_CODE,
    reply: { status: 200, description: 'The unit.', body: json(UnitDetailEnvelope, { data: UNIT_DETAIL }) },
  },
  {
    method: 'post',
    path: '/v1/specific_products/:code/unlock',
    summary: 'Unlock a unit (its problem is fixed)',
    caller: { kind: 'kiosk', minType: 20 },
    params: UNIT_CODE,
    reply: { status: 200, description: 'The unit.', body: json(UnitDetailEnvelope, { data: { ...UNIT_DETAIL, locked: false } }) },
  },
  {
    method: 'get',
    path: '/v1/specific_products/:id/specific_product_problems',
    summary: "A unit's problems",
    caller: { kind: 'kiosk', minType: 20 },
    reply: { status: 200, description: 'The problems.', body: json(UnitProblemsEnvelope, { data: [UNIT_PROBLEM] }) },
  },
  {
    method: 'post',
    path: '/v1/specific_products/:id/specific_product_problems',
    summary: 'Report a problem (locks the unit)',
    caller: { kind: 'kiosk', minType: 20 },
    body: json(ProblemRequestSchema, { description: UNIT_PROBLEM.description }),
    reply: { status: 201, description: 'The problem.', body: json(UnitProblemEnvelope, { data: UNIT_PROBLEM }) },
  },
  {
    method: 'patch',
    path: '/v1/order_detail_pools/:id',
    summary: 'Who a pool is for, and its position',
    description: 'While the order is confirmed (else 410); an empty field clears it.',
    caller: { kind: 'kiosk', minType: 20 },
    body: json(PoolChangesSchema, { customer: { first_name: 'Luca', last_name: 'Verdi', height: '181' } }),
    reply: { status: 200, description: 'The order.', body: json(OrderEnvelopeSchema, { data: ORDER }) },
    errors: [410],
  },
]);
