// Orders: placing, reading, editing and cancelling them, their documents and paying them online
// (server/routes/orders.ts, medias.ts, payments.ts, stripe-webhook.ts).
import * as z from 'zod/mini';
import { OrderFormSchema, OrderChangesSchema, CancelQuerySchema } from '~/api/contract/order-form';
import { OrderEnvelopeSchema, OrderListEnvelopeSchema } from '~/api/contract/orders';
import { StaffOrderSearchQuerySchema } from '~/api/contract/staff';
import { PaymentRequestSchema, PaymentSessionEnvelopeSchema, StripeWebhookAnswerSchema } from '~/api/contract/payments';
import { OrderMediasEnvelope } from '../envelopes';
import { FILE_PART, json, multipart, raw, tagged } from '../operation';
import { IDEMPOTENCY_KEY, ORDER_REF } from '../params';
import { ORDER, ORDER_FORM, ORDER_UUID } from '../examples/orders';

const ORDER_PARAM = { id: ORDER_REF };
const FORM_TEXT =
  'Multipart in bracket notation (`cart[0][prices][0]`, `cart[0][customer][height]`, `medias[0][file]`), read into the tree shown here. Prices, discounts and totals are the server\'s own.';
/** Documents sent with an upload, any number of `medias[i]` parts (or `medias[i][file]`). */
const MediasUpload = z.object({ medias: z.array(z.instanceof(File)) });
/** One document, the `file` part. */
const FileUpload = z.object({ file: z.instanceof(File) });

export const orderOperations = tagged('Orders', [
  {
    method: 'post',
    path: '/v1/shops/:id/orders',
    summary: 'Place an order',
    description: `${FORM_TEXT} A kiosk places orders for its own shop only (else 403) and adds identity documents unless its settings waive them; on a public kiosk the customer may instead say they will show one at the desk (\`id_at_desk=1\`, answered on the order for the desk to ask; from anyone else 422 on \`id_at_desk\`). Too many orders from one address or e-mail are 429.`,
    caller: { kind: 'anyone-or-token' },
    headers: [IDEMPOTENCY_KEY],
    body: multipart(OrderFormSchema, ORDER_FORM),
    reply: { status: 201, description: 'The order placed.', body: json(OrderEnvelopeSchema, { data: ORDER }) },
    errors: [403, 409, 429],
  },
  {
    method: 'get',
    path: '/v1/orders',
    summary: "The customer's orders",
    description: 'Latest first day first.',
    caller: { kind: 'user' },
    reply: { status: 200, description: 'The orders.', body: json(OrderListEnvelopeSchema, { data: [ORDER] }) },
  },
  {
    method: 'get',
    path: '/v1/orders/search',
    summary: 'Search orders',
    description:
      "A customer searches their own (number or name, and a first day; 50 at most); an admin kiosk its shop's (number, name or phone, a day the order covers, and `status`, `paid`).",
    caller: { kind: 'user-or-kiosk', kioskMinType: 20 },
    query: { schema: StaffOrderSearchQuerySchema, example: { q: 'Verdi', date: '2026-12-12' } },
    reply: { status: 200, description: 'The orders found.', body: json(OrderListEnvelopeSchema, { data: [ORDER] }) },
  },
  {
    method: 'get',
    path: '/v1/guest/orders/:uuid',
    summary: 'An order by its uuid (the guest link)',
    caller: { kind: 'anyone' },
    reply: { status: 200, description: 'The order.', body: json(OrderEnvelopeSchema, { data: ORDER }) },
  },
  {
    method: 'get',
    path: '/v1/orders/:code/export',
    summary: 'An order as CSV',
    caller: { kind: 'anyone-or-token', kioskMinType: 20 },
    params: { code: ORDER_REF },
    reply: {
      status: 200,
      description: 'The order\'s lines as a CSV attachment, headings in the request\'s language.',
      body: raw('text/csv', 'Numero;Prodotto;Prezzo\nR-2026-000041;Ciaspole;24,00\n'),
    },
  },
  {
    method: 'get',
    path: '/v1/orders/:code/voucher.pdf',
    summary: "An order's voucher (PDF)",
    description:
      "What the customer shows at the shop's counter, in the language the order was placed in: the order number with its QR code (the number alone, what the kiosk's searches take from a scanner), the shop's address and opening hours, the dates and time slot, who each item is for and what to bring. The uuid (the link of the confirmation e-mail, read by the /download page) opens it for anyone holding it; the id or number for the logged-in owner and the shop's admin kiosks. A cancelled order's voucher is 410.",
    caller: { kind: 'anyone-or-token', kioskMinType: 20 },
    params: { code: ORDER_REF },
    reply: { status: 200, description: 'The voucher as a PDF attachment (`voucher-{number}.pdf`).', body: raw('application/pdf') },
    errors: [410],
  },
  {
    method: 'get',
    path: '/v1/orders/:id',
    summary: 'An order',
    description:
      "What the delivery counter reads (and its confirmations answer): `document_missing` is true when the order was placed at a kiosk that requires identity documents and holds none now (an order from before the rule): the counter warns, and hands it out all the same.",
    caller: { kind: 'anyone-or-token', kioskMinType: 20 },
    params: ORDER_PARAM,
    reply: { status: 200, description: 'The order.', body: json(OrderEnvelopeSchema, { data: ORDER }) },
  },
  {
    method: 'post',
    path: '/v1/orders/:id',
    summary: 'Replace an order (new lines and dates)',
    description: `With \`_method=PATCH\`: the order form again, replacing the order's lines and dates until its first day and never once a unit was handed out (else 410). An order placed at a kiosk that requires identity documents keeps one, whoever edits it (else 422 on \`medias\`). ${FORM_TEXT}`,
    caller: { kind: 'anyone-or-token', kioskMinType: 20 },
    params: ORDER_PARAM,
    body: multipart(OrderFormSchema, { ...ORDER_FORM, _method: 'PATCH' }),
    reply: { status: 200, description: 'The order as replaced.', body: json(OrderEnvelopeSchema, { data: ORDER }) },
    errors: [410, 429],
  },
  {
    method: 'patch',
    path: '/v1/orders/:id',
    summary: "Change an order's contact and invoice data",
    description: 'Customers until the first day, shop staff while it is confirmed (else 410); absent fields stay.',
    caller: { kind: 'anyone-or-token', kioskMinType: 20 },
    params: ORDER_PARAM,
    body: json(OrderChangesSchema, { phone: '+39 333 7654321', invoice: true, fiscal_code: 'VRDNNA85M41L219X' }),
    reply: { status: 200, description: 'The order as changed.', body: json(OrderEnvelopeSchema, { data: ORDER }) },
    errors: [410],
  },
  {
    method: 'delete',
    path: '/v1/orders/:id',
    summary: 'Cancel an order',
    description: '`date`: the day the customer asks on. Customers until the first day, shop staff while unpaid, never with units handed out (else 410).',
    caller: { kind: 'anyone-or-token', kioskMinType: 20 },
    params: ORDER_PARAM,
    query: { schema: CancelQuerySchema, example: { date: '2026-12-05' } },
    reply: { status: 200, description: 'The order, cancelled, with a message.', body: json(OrderEnvelopeSchema, { data: { ...ORDER, status: 'cancelled', editable: false }, message: 'Ordine annullato' }) },
    errors: [410],
  },
  {
    method: 'post',
    path: '/v1/orders/:id/medias',
    summary: "Add identity documents to an order",
    description: 'Images or PDFs (recognised by their bytes, 8 MB each), while the order can change (else 410); the upload quotas are 429.',
    caller: { kind: 'anyone-or-token', kioskMinType: 20 },
    params: ORDER_PARAM,
    body: multipart(MediasUpload, { medias: [FILE_PART] }),
    reply: { status: 201, description: "The order's documents.", body: json(OrderMediasEnvelope, { data: ORDER.medias }) },
    errors: [410, 429],
  },
  {
    method: 'post',
    path: '/v1/orders/:id/media',
    summary: 'Add one identity document to an order',
    description: 'As `medias`, one `file` part.',
    caller: { kind: 'anyone-or-token', kioskMinType: 20 },
    params: ORDER_PARAM,
    body: multipart(FileUpload, { file: FILE_PART }),
    reply: { status: 201, description: "The order's documents.", body: json(OrderMediasEnvelope, { data: ORDER.medias }) },
    errors: [410, 429],
  },
  {
    method: 'post',
    path: '/v1/orders/:id/payments',
    summary: 'Open an online payment session',
    description:
      "The provider's hosted page for the order's current total; `return_path` is where the customer comes back (`?payment=paid|cancelled|failed|expired|refund`). Kiosks pay at the cash desk (403). With Stripe `payment_url` is its Checkout page (https://checkout.stripe.com/…), else the demo's simulated page. 503 when no payment provider is set up (no Stripe, the demo's simulator off), or Stripe cannot be reached (nothing was charged; press again).",
    caller: { kind: 'anyone-or-token' },
    params: ORDER_PARAM,
    body: json(PaymentRequestSchema, { return_path: `/orders/${ORDER_UUID}` }),
    reply: {
      status: 201,
      description: 'The session: where to send the customer.',
      body: json(PaymentSessionEnvelopeSchema, {
        data: { id: 'ps_3f9c2a', payment_url: '/api/payments/simulator/ps_3f9c2a', amount: 62, expires_at: '2026-12-01T10:30:00.000Z' },
      }),
    },
    errors: [403, 410],
  },
]);

export const stripeOperations = tagged('Payments (Stripe)', [
  {
    method: 'post',
    path: '/v1/payments/stripe/webhook',
    summary: "Stripe's webhook: Checkout Sessions completed, paid later, failed or expired",
    description:
      'Called by Stripe only (with STRIPE_* set; 404 otherwise). The raw body must verify against its `Stripe-Signature` header (`t=…,v1=…`) with the endpoint\'s signing secret, within 5 minutes, else 400 and nothing changes. Each event id is applied once: a repeated delivery answers `replay: true`. The order is marked paid only for the amount it was shown at; money it did not get is refunded through Stripe. 503 when Stripe cannot be reached to read the session back: Stripe retries.',
    caller: { kind: 'anyone' },
    body: raw('application/json', '{"id":"evt_1","object":"event","type":"checkout.session.completed","data":{"object":{"id":"cs_test_a1","object":"checkout.session"}}}'),
    reply: { status: 200, description: 'The event was received (applied now or before).', body: json(StripeWebhookAnswerSchema, { data: { received: true, replay: false } }) },
    errors: [400],
  },
]);

export const simulatorOperations = tagged('Payment simulator (demo)', [
  {
    method: 'get',
    path: '/payments/simulator/:session',
    summary: 'The simulated hosted payment page',
    description: 'Only with PAYMENT_SIMULATOR=1 (else 404). An HTML page with the amount and four buttons; a session no longer open is 410 with a link back.',
    caller: { kind: 'anyone' },
    reply: { status: 200, description: 'The page.', body: raw('text/html') },
  },
  {
    method: 'post',
    path: '/payments/simulator/:session',
    summary: 'Pay, decline or cancel on the simulated page',
    description: '`outcome`: `paid`, `paid-late` (confirmed a few seconds later), `failed` or `cancelled`.',
    caller: { kind: 'anyone' },
    body: raw('application/x-www-form-urlencoded', 'outcome=paid'),
    reply: { status: 303, description: 'Back to the storefront with `?payment=` the outcome.', headers: { Location: 'The return path with the outcome.' } },
  },
]);
