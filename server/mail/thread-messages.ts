// What the event loop and the mail thread (./mail-thread.ts, ./thread-entry.ts) say to each other.
// Apart from both, so the thread loads neither the log nor the database's modules.
import type { Destination, Mail, OutgoingMail } from './compose';

export type ThreadWork = { kind: 'compose'; mail: Mail } | { kind: 'deliver'; destination: Destination; mails: readonly OutgoingMail[] };

export type ThreadRequest = ThreadWork & { id: number };

export interface ThreadError {
  message: string;
  name: string;
  code?: string;
  /** An SMTP reply's code: 5xx is a permanent refusal (server/mail/outbox.ts). */
  responseCode?: number;
}

/** What the thread answers: a composed message, or each delivered mail's outcome (null, or why not). */
export type ThreadValue = string | (ThreadError | null)[];

export type ThreadReply = { id: number; threadId: number } & ({ ok: true; value: ThreadValue } | { ok: false; error: ThreadError });

/** An error as a message between threads carries it: what the outbox reads of a failure. */
export function threadError(err: unknown): ThreadError {
  const e = err as { message?: unknown; name?: unknown; code?: unknown; responseCode?: unknown } | null;
  return {
    message: String(e?.message ?? err),
    name: typeof e?.name === 'string' ? e.name : 'Error',
    code: typeof e?.code === 'string' ? e.code : undefined,
    responseCode: typeof e?.responseCode === 'number' ? e.responseCode : undefined,
  };
}

