// Realtime events across API processes with the local Pusher-protocol endpoint: an
// event published by one process is NOTIFYed on `rentalp_realtime`; every other process delivers
// it to the pusher-js clients connected to it. With PUSHER_* set, Pusher itself fans out and this
// is not used. A NOTIFY payload must stay under 8000 bytes: a larger event is written to
// `realtime_outbox` and only its row id travels (rows are deleted after REALTIME_OUTBOX_TTL_MS).
import { eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { realtimeOutbox } from '../db/schema/index';
import type { LocalRealtime } from '../realtime/local';
import { parseBounded } from '../realtime/frames';
import { NOTIFY_PAYLOAD_MAX_BYTES, type NotificationBus } from './bus';
import { log } from '../log';

export const REALTIME_CHANNEL = 'rentalp_realtime';
/** How long an outbox row is kept: far longer than any listener takes to read it. */
export const REALTIME_OUTBOX_TTL_MS = 60_000;

const EventSchema = z.object({ o: z.string(), c: z.string(), e: z.string(), d: z.string() });
const MessageSchema = z.union([EventSchema, z.object({ o: z.string(), r: z.number().int().positive() })]);

export function relayRealtime(bus: NotificationBus, realtime: LocalRealtime, db: Db): void {
  realtime.relay = async (channel, event, json) => {
    try {
      const message = JSON.stringify({ o: bus.id, c: channel, e: event, d: json });
      if (Buffer.byteLength(message) <= NOTIFY_PAYLOAD_MAX_BYTES) return await bus.notify(REALTIME_CHANNEL, message);
      const [row] = await db.insert(realtimeOutbox).values({ message }).returning({ id: realtimeOutbox.id });
      await bus.notify(REALTIME_CHANNEL, JSON.stringify({ o: bus.id, r: row!.id }));
    } catch (error) {
      // Like Pusher's driver: a failed publish is logged, the request that caused it still succeeds.
      log().error({ err: error, event, channel }, 'realtime: relay failed');
    }
  };
  bus.on(REALTIME_CHANNEL, (payload) => {
    const parsed = MessageSchema.safeParse(parseBounded(payload));
    if (!parsed.success || parsed.data.o === bus.id) return;
    const message = parsed.data;
    if ('d' in message) return realtime.deliver(message.c, message.e, message.d);
    void db
      .select({ message: realtimeOutbox.message })
      .from(realtimeOutbox)
      .where(eq(realtimeOutbox.id, message.r))
      .then(([row]) => {
        const stored = EventSchema.safeParse(parseBounded(row?.message ?? ''));
        if (stored.success) realtime.deliver(stored.data.c, stored.data.e, stored.data.d);
      })
      .catch((error: Error) => log().error({ err: error }, 'realtime: outbox read failed'));
  });
}

/** Deletes outbox rows every listener has had time to read (called by the periodic sweep). */
export async function pruneRealtimeOutbox(db: Db, now: Date): Promise<void> {
  await db.delete(realtimeOutbox).where(lt(realtimeOutbox.createdAt, new Date(now.getTime() - REALTIME_OUTBOX_TTL_MS)));
}
