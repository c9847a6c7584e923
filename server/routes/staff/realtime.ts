// Realtime channels: signs a private-channel subscription the way Pusher does, only
// for the calling totem's own shop channel.
import { Hono } from 'hono';
import { BroadcastingAuthRequestSchema, shopChannel, type BroadcastingAuthResponseSchema } from '~/api/contract/realtime';
import type { z } from 'zod';
import { ApiError, forbidden } from '~server/http/errors';
import type { AppContext, AppEnv } from '~server/http/context';
import { jsonBody, parseWith } from '~server/http/validation';
import { requireTotem, TotemLevel } from '~server/staff/permissions';

/** pusher-js posts `socket_id=…&channel_name=…` form-encoded; JSON is accepted too. */
async function authRequest(c: AppContext) {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) return jsonBody(c, BroadcastingAuthRequestSchema);
  let fields: Record<string, unknown>;
  try {
    fields = Object.fromEntries(new URLSearchParams(await c.req.text()));
  } catch {
    throw new ApiError(422, 'api.invalidData', {}, { _: [{ key: 'api.invalidForm' }] });
  }
  return parseWith(BroadcastingAuthRequestSchema, fields);
}

export const realtimeRoutes = new Hono<AppEnv>().post('/v1/broadcasting/auth', async (c) => {
  const totem = requireTotem(c, TotemLevel.PUBLIC);
  const body = await authRequest(c);
  if (body.channel_name !== shopChannel(totem.shopId)) throw forbidden();
  // pusher-js reads `auth` at the top level, not inside `data`.
  const answer: z.input<typeof BroadcastingAuthResponseSchema> = { auth: c.get('deps').realtime.authorize(body.socket_id, body.channel_name) };
  return c.json(answer);
});
