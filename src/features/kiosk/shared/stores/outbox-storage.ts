// A kiosk confirmation waiting to reach the API, as the kiosk's storage keeps it (stores/kiosk-outbox.ts
// reads it back through this schema). The kinds, and what counts as work only this device can
// finish, are the domain's (domain/kiosk-pending.ts).
import * as z from 'zod/mini';
import { OUTBOX_KINDS } from '~/domain/kiosk-pending';

/**
 * A kiosk confirmation (delivery, pickup, a reset) waiting to reach the API: kept in
 * the kiosk's storage with its idempotency key from before its first try until the API answered,
 * so an outage or a reload loses nothing and a retry never hands anything out twice.
 */
const OutboxKindSchema = z.enum(OUTBOX_KINDS);

export const OutboxEntrySchema = z.object({
  /** The Idempotency-Key of every try of this confirmation. */
  key: z.string(),
  kind: OutboxKindSchema,
  /** API path and JSON body, exactly as first sent. */
  path: z.string(),
  body: z.unknown(),
  /** What staff recognise it by: the order number or the unit's code. */
  ref: z.string(),
  createdAt: z.string(),
  attempts: z._default(z.number(), 0),
  /** `refused`: the API said no on a replay (e.g. a unit handed out meanwhile by another desk). */
  state: z._default(z.enum(['pending', 'refused']), 'pending'),
  error: z._default(z.nullable(z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) })), null),
});
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;
export const OutboxSchema = z.array(OutboxEntrySchema);
