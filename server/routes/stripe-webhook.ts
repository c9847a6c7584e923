// Stripe's webhook: `POST /api/v1/payments/stripe/webhook`, the only way an order is marked paid
// with Stripe (server/payments/stripe-events.ts). The body is read as raw bytes — the signature is
// computed over them, so no JSON parser runs first — and still within the API's body size limit
// (server/http/body-limit.ts applies to every route). A body whose signature does not verify with
// STRIPE_WEBHOOK_SECRET, or is older than the library's tolerance (5 minutes), is 400 and changes
// nothing.
import { Hono } from 'hono';
import type Stripe from 'stripe';
import type { z } from 'zod';
import type { StripeWebhookAnswerSchema } from '~/api/contract/payments';
import { notFound } from '../http/errors';
import type { AppEnv } from '../http/context';
import { log } from '../log';
import { applyStripeEvent } from '../payments/stripe-events';

export const STRIPE_WEBHOOK_PATH = '/v1/payments/stripe/webhook';

export const stripeWebhookRoutes = new Hono<AppEnv>().post(STRIPE_WEBHOOK_PATH, async (c) => {
  const deps = c.get('deps');
  const { stripe } = deps;
  if (!stripe) throw notFound();
  const payload = new Uint8Array(await c.req.arrayBuffer());
  let event: Stripe.Event;
  try {
    // Our clock, not the library's: the same `now` as the rest of the API (tests move it).
    event = stripe.client.webhooks.constructEvent(payload, c.req.header('stripe-signature') ?? '', stripe.webhookSecret, undefined, undefined, deps.now().getTime());
  } catch (err) {
    log().warn({ reason: err instanceof Error ? err.message : String(err) }, 'stripe webhook: signature refused, answered 400');
    return c.json({ message: c.get('t')('api.webhookSignature') }, 400);
  }
  const result = await applyStripeEvent({ ...deps, stripe }, event);
  log().info({ event: event.id, type: event.type, result }, 'stripe webhook: event received');
  const answer: z.input<typeof StripeWebhookAnswerSchema> = { data: { received: true, replay: result === 'replay' } };
  return c.json(answer, 200);
});
