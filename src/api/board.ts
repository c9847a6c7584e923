// The board's requests, with the kiosk's token (the page's client sends it on a
// kiosk): today's board, pushing an order in the queue, and where pusher-js asks to sign the shop's
// channel.
import { BoardEnvelopeSchema, PushInQueueResponseSchema, type Board, type PushInQueueResponse } from './contract/board';
import { BOARD_READ_TIMEOUT_MS } from '../domain/kiosk-screens';
import type { ApiClient } from './client';

/**
 * GET v1/totem/board: today's orders of the kiosk's shop. No notice when no answer comes: the wall
 * says itself that it is not live, and reads again by itself. No answer within BOARD_READ_TIMEOUT_MS
 * fails like no answer at all, so a hung read never keeps the board from reading again.
 */
export async function fetchBoard(api: ApiClient, signal?: AbortSignal): Promise<Board> {
  const { data } = await api.get('v1/totem/board', { schema: BoardEnvelopeSchema, signal, quietOffline: true, timeoutMs: BOARD_READ_TIMEOUT_MS });
  return data;
}

/**
 * POST v1/totem/push_in_queue: the order (number, id or uuid) goes to the board's queue. 404 (not
 * the shop's or unknown) and 410 (cancelled) come back as ApiClientError, without a notice: the
 * caller shows them where the number was typed.
 */
export async function pushInQueue(api: ApiClient, ref: string | number): Promise<PushInQueueResponse['data']> {
  const { data } = await api.post('v1/totem/push_in_queue', { json: { order: String(ref).trim() }, schema: PushInQueueResponseSchema, quiet: true });
  return data;
}

/** Absolute URL of v1/broadcasting/auth under the API's base (PUBLIC_API_URL may be another origin). */
export async function broadcastingAuthUrl(api: ApiClient): Promise<string> {
  return api.urlFor('v1/broadcasting/auth').toString();
}
