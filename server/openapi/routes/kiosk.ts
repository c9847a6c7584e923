// Kiosks: pairing a device, its settings and password, managing the shop's other kiosks, the queue
// board, realtime channel auth and the payment terminal's failure log (server/routes/staff/totem.ts,
// totems.ts, board.ts, queue.ts, realtime.ts, pos-logs.ts).
import {
  CancelPairingCodeResponseSchema,
  KioskPasswordResponseSchema,
  PairingCodeResponseSchema,
  PairRequestSchema,
  PairResponseSchema,
  PosLogRequestSchema,
  PosLogResponseSchema,
  PushInQueueRequestSchema,
  RevokeTotemResponseSchema,
  ShopKiosksResponseSchema,
  TotemPasswordRequestSchema,
  TotemPasswordResponseSchema,
  TotemResponseSchema,
  UnlockTotemResponseSchema,
} from '~/api/contract/staff';
import { BoardEnvelopeSchema, PushInQueueResponseSchema } from '~/api/contract/board';
import { CounterOrdersEnvelopeSchema, CounterOrdersQuerySchema } from '~/api/contract/counter';
import { BroadcastingAuthRequestSchema, BroadcastingAuthResponseSchema } from '~/api/contract/realtime';
import { json, tagged } from '../operation';
import { BOARD, COUNTER_ORDERS, ORDER_EVENT, TOTEM_SETTINGS } from '../examples/staff';
import { TOKEN } from '../examples/account';

const KIOSK_CODE = { code: { schema: PairRequestSchema.shape.code, example: 'BARD-03', description: "A kiosk of the caller's shop, by code (another shop's is 404, a higher type 403)." } };
const OWN_PASSWORD = json(TotemPasswordRequestSchema, { password: 'gelato-blu-42' });

export const kioskOperations = tagged('Kiosk', [
  {
    method: 'post',
    path: '/v1/pair',
    summary: 'Pair a device as a kiosk',
    description: 'With a one-time pairing code; a wrong or used code is 422 on `code`, and wrong codes per address are limited (429).',
    caller: { kind: 'anyone' },
    body: json(PairRequestSchema, { code: '7KQ2-MX4P' }),
    reply: { status: 200, description: "The kiosk's settings and its token.", body: json(PairResponseSchema, { data: { ...TOTEM_SETTINGS, token: TOKEN } }) },
    errors: [429],
  },
  {
    method: 'get',
    path: '/v1/totem',
    summary: "The kiosk's settings",
    caller: { kind: 'kiosk', minType: 10 },
    reply: { status: 200, description: 'The settings.', body: json(TotemResponseSchema, { data: TOTEM_SETTINGS }) },
  },
  {
    method: 'post',
    path: '/v1/totem/password',
    summary: "Check the kiosk's configuration password",
    description: 'A wrong password is 422 on `password`; attempts are limited (429).',
    caller: { kind: 'kiosk', minType: 10 },
    body: OWN_PASSWORD,
    reply: { status: 200, description: 'Right.', body: json(TotemPasswordResponseSchema, { data: { valid: true } }) },
    errors: [429],
  },
  {
    method: 'get',
    path: '/v1/totems',
    summary: "The shop's kiosks the caller may manage",
    description: "Those of the caller's type or lower, with any pending pairing code's times (never the code).",
    caller: { kind: 'kiosk', minType: 20 },
    reply: {
      status: 200,
      description: 'The kiosks.',
      body: json(ShopKiosksResponseSchema, { data: [{ code: 'BARD-03', type: 10, pending_code: { created_at: '2026-12-01T08:00:00.000Z', expires_at: '2026-12-01T08:15:00.000Z', minted_by: 'BARD-02' } }] }),
    },
  },
  {
    method: 'post',
    path: '/v1/totems/:code/pairing_code',
    summary: 'Mint a pairing code for another kiosk',
    description: "With the caller's own configuration password (else 422); shown once, living minutes. Not for the caller itself (403).",
    caller: { kind: 'kiosk', minType: 20 },
    params: KIOSK_CODE,
    body: OWN_PASSWORD,
    reply: {
      status: 201,
      description: 'The code.',
      body: json(PairingCodeResponseSchema, { data: { totem: 'BARD-03', pairing_code: '7KQ2-MX4P', expires_at: '2026-12-01T08:15:00.000Z' } }),
    },
    errors: [429],
  },
  {
    method: 'delete',
    path: '/v1/totems/:code/pairing_code',
    summary: "Cancel a kiosk's pending pairing code",
    caller: { kind: 'kiosk', minType: 20 },
    params: KIOSK_CODE,
    reply: { status: 200, description: '`cancelled`: 0 or 1.', body: json(CancelPairingCodeResponseSchema, { data: { totem: 'BARD-03', cancelled: 1 } }) },
  },
  {
    method: 'post',
    path: '/v1/totems/:code/revoke',
    summary: "Unpair a kiosk's devices",
    description: 'Every device paired as that kiosk answers 401 from now; its pending codes and those it minted are cancelled.',
    caller: { kind: 'kiosk', minType: 20 },
    params: KIOSK_CODE,
    reply: { status: 200, description: 'What ended.', body: json(RevokeTotemResponseSchema, { data: { totem: 'BARD-03', revoked: 2, codes_cancelled: 0 } }) },
  },
  {
    method: 'post',
    path: '/v1/totems/:code/password',
    summary: "Give a kiosk a new configuration password",
    description: "With the caller's own configuration password (else 422); the new one is answered once, the kiosk stays paired.",
    caller: { kind: 'kiosk', minType: 20 },
    params: KIOSK_CODE,
    body: OWN_PASSWORD,
    reply: { status: 200, description: 'The new password.', body: json(KioskPasswordResponseSchema, { data: { totem: 'BARD-03', password: 'vento-rosso-17' } }) },
    errors: [429],
  },
  {
    method: 'post',
    path: '/v1/totems/:code/unlock',
    summary: "Lift the lock on a kiosk's configuration password",
    description:
      "Too many wrong passwords lock a kiosk's configuration for everyone (429); with the caller's own configuration password (else 422) its right password is accepted again at once and wrong ones count from zero. The caller's own guesses still count (429).",
    caller: { kind: 'kiosk', minType: 20 },
    params: KIOSK_CODE,
    body: OWN_PASSWORD,
    reply: { status: 200, description: 'Unlocked.', body: json(UnlockTotemResponseSchema, { data: { totem: 'BARD-01' } }) },
    errors: [429],
  },
  {
    method: 'get',
    path: '/v1/totem/board',
    summary: "Today's orders for the shop's wall screen",
    description: 'Small and private enough for a screen: no phone, e-mail, full last name or uuid.',
    caller: { kind: 'kiosk', minType: 10 },
    reply: { status: 200, description: 'The board.', body: json(BoardEnvelopeSchema, { data: BOARD }) },
  },
  {
    method: 'get',
    path: '/v1/totem/counter_orders',
    summary: "The shop's orders waiting at the counter on a day",
    description:
      '`hand_out`: confirmed orders starting on `date` (today in Rome when left out) with a rented item not handed out yet; `returns`: confirmed orders ending on `date` with units still out. Kiosk orders carry the code of the kiosk they were placed at.',
    caller: { kind: 'kiosk', minType: 20 },
    query: { schema: CounterOrdersQuerySchema, example: { list: 'hand_out', date: '2026-12-12' } },
    reply: { status: 200, description: 'The rows.', body: json(CounterOrdersEnvelopeSchema, { data: COUNTER_ORDERS }) },
  },
  {
    method: 'post',
    path: '/v1/totem/push_in_queue',
    summary: "Send an order to the shop's queue",
    description: 'By id, number or uuid; an order of another shop (or, for a public kiosk, not its own and not today\'s) is 404, a cancelled one 410.',
    caller: { kind: 'kiosk', minType: 10 },
    body: json(PushInQueueRequestSchema, { order: 'R-2026-000041' }),
    reply: { status: 200, description: 'The event published, with when it was queued.', body: json(PushInQueueResponseSchema, { data: { ...ORDER_EVENT, queued_at: ORDER_EVENT.at } }) },
    errors: [404, 410],
  },
  {
    method: 'post',
    path: '/v1/broadcasting/auth',
    summary: "Authorize the kiosk on its shop's realtime channel",
    description: "Pusher's channel auth (pusher-js posts it form-encoded): only the caller's own shop channel (else 403).",
    caller: { kind: 'kiosk', minType: 10 },
    body: { ...json(BroadcastingAuthRequestSchema, { socket_id: '123.456', channel_name: 'private-shop.6' }), kind: 'urlencoded', alsoAs: ['json'] },
    reply: { status: 200, description: 'The signature pusher-js expects.', body: json(BroadcastingAuthResponseSchema, { auth: 'local:5f2b9c…' }) },
  },
  {
    method: 'post',
    path: '/pos_logs',
    summary: "Log a payment terminal's failure",
    description: "An order of the kiosk's shop by number (else 422); the terminal's answer at most 8 KB; logs per kiosk are limited (429).",
    caller: { kind: 'kiosk', minType: 10 },
    body: json(PosLogRequestSchema, { order_number: 'R-2026-000041', date: '2026-12-12 09:02:11', response: { result: 'KO', code: '05', message: 'Carta rifiutata' } }),
    reply: {
      status: 201,
      description: 'The failure as kept.',
      body: json(PosLogResponseSchema, { data: { id: 31, order_number: 'R-2026-000041', date: '2026-12-12 09:02:11', response: { result: 'KO', code: '05' }, totem: 'BARD-02' } }),
    },
    errors: [429],
  },
]);
