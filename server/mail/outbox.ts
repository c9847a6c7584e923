// The mail outbox: every e-mail is a row of `mail_outbox` before anyone tries to send it, so a mail
// server that is down or refusing costs nothing but time. Each API process runs a worker that
// claims due rows (FOR UPDATE SKIP LOCKED, then a lease in `claimed_until`), sends them and marks
// them sent; a failure schedules the next attempt after a delay that doubles up to a bound, and
// after the last allowed attempt (or a permanent refusal: an SMTP 5xx) the row stays `failed`,
// logged, never retried on its own. Claims make a mail go out once across processes and restarts:
// only a process that dies after the server took the message and before marking it sent leaves it
// to be sent again when its lease ends (the same Message-ID, so the receiving side can tell).
// A request's own mails skip the claim: they are stored already claimed by their process, which
// makes the first attempt at once (`enqueueAndSend`), and what was delivered is marked sent in
// batches, a few milliseconds later.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { executedRows } from '../db/rows';
import { mailOutbox } from '../db/schema/index';
import { log } from '../log';
import type { OutboxTransport, OutgoingMail } from './compose';


export interface OutboxLimits {
  /** Attempts before a mail is left as failed (MAIL_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** The longest wait between two attempts (MAIL_RETRY_MAX_DELAY_S). */
  maxDelayMs: number;
  /** The wait after the first failure, doubled after each next one. */
  firstDelayMs?: number;
  /** How often the worker looks for due mail. */
  pollMs?: number;
  /** How long the record of a sent mail (its recipient, its times) is kept (MAIL_SENT_RETENTION_DAYS). */
  sentRetentionMs?: number;
}

export const DEFAULT_MAIL_MAX_ATTEMPTS = 10;
export const DEFAULT_MAIL_RETRY_MAX_DELAY_MS = 60 * 60 * 1000;
/** 30 s, 1 min, 2 min … up to the bound: ten attempts with the defaults span about 3.5 hours. */
const FIRST_RETRY_DELAY_MS = 30_000;
const POLL_MS = 2000;
/**
 * How long a claim holds a mail: longer than one SMTP conversation can last (the transport's
 * timeouts, server/mail/mailer.ts), so a live worker always finishes before another may take over.
 */
export const CLAIM_LEASE_MS = 120_000;
/**
 * How long a stop waits for mails being handed to SMTP: inside the stop's margin after the drain
 * (scripts/start.ts), so the database closes after them; a send still running then is cut, and
 * goes out again after its lease (the one case a mail may be sent twice).
 */
export const MAIL_STOP_BOUND_MS = 3_000;
/** Mails claimed per round. */
const CLAIM_BATCH = 10;
/**
 * A sent mail's record (recipient, times; its text is cleared once sent) is kept this long, then
 * deleted: the recipient's address is personal data, and the support desk's questions ("did my
 * confirmation go out?") come within weeks. Failed mails stay for the operator.
 */
export const DEFAULT_MAIL_SENT_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;
/** How often a worker deletes the records past their retention, and how many at most each time. */
const PURGE_EVERY_MS = 60 * 60 * 1000;
const PURGE_BATCH = 1000;
/**
 * Delivered mails are marked sent together, this long after the first of them went: one statement
 * for every mail delivered meanwhile (the confirmations of orders placed at the same moment) rather
 * than one each. The attempt does not wait for it. A process that dies within this window leaves
 * those mails claimed, and they go out again once the lease ends (see above).
 */
const SENT_MARK_MS = 50;
/** An address in an SMTP server's error text stays out of the row and the log. */
const ADDRESS = /[^\s<>"'@]+@[^\s<>"'@]+/g;

type Claimed = { id: number; message: string; recipient: string; attempts: number };

export interface OutboxStats {
  pending: number;
  failed: number;
  sent: number;
  /** Age of the oldest mail still waiting, in seconds; null when none waits. */
  oldestPendingSeconds: number | null;
}

/** What waits, what failed and what went out: for the metrics and the operator. */
export async function outboxStats(db: Db, now: Date = new Date()): Promise<OutboxStats> {
  const result = await db.execute(sql`
    select status, count(*)::int as n, min(created_at) as oldest from ${mailOutbox} group by status`);
  const rows = executedRows<{ status: string; n: number; oldest: string | Date }>(result);
  const of = (status: string) => rows.find((r) => r.status === status);
  const oldest = of('pending')?.oldest;
  return {
    pending: Number(of('pending')?.n ?? 0),
    failed: Number(of('failed')?.n ?? 0),
    sent: Number(of('sent')?.n ?? 0),
    oldestPendingSeconds: oldest ? Math.max(0, Math.round((now.getTime() - new Date(oldest).getTime()) / 1000)) : null,
  };
}

/** An SMTP reply of the 5xx class: the server will never take this mail. */
function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export class MailOutbox {
  private readonly firstDelayMs: number;
  private readonly pollMs: number;
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Delivered, not yet marked sent (`markSoon`). */
  private delivered: Claimed[] = [];
  private markTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly transport: OutboxTransport,
    private readonly limits: OutboxLimits,
  ) {
    this.firstDelayMs = limits.firstDelayMs ?? FIRST_RETRY_DELAY_MS;
    this.pollMs = limits.pollMs ?? POLL_MS;
  }

  /** Stores the mail; it is sent by whichever worker claims it first. Resolves with its row id. */
  async enqueue(message: string, recipient: string): Promise<number> {
    const now = new Date();
    const [row] = await this.db.insert(mailOutbox).values({ message, recipient, nextAttemptAt: now, createdAt: now }).returning({ id: mailOutbox.id });
    return row!.id;
  }

  /**
   * Stores mails already claimed by this process for their first attempt (one statement for them
   * all: the requests placing orders at the same moment share it) and starts that attempt; resolves
   * once they are stored, with the attempt's end. A process that dies before sending them leaves
   * them to any worker once the lease ends, as a claim taken by a round would.
   */
  async enqueueAndSend(mails: readonly OutgoingMail[]): Promise<{ attempt: Promise<number> }> {
    const now = new Date();
    const rows = await this.db
      .insert(mailOutbox)
      .values(mails.map((m) => ({ ...m, attempts: 1, claimedUntil: new Date(now.getTime() + CLAIM_LEASE_MS), nextAttemptAt: now, createdAt: now })))
      .returning({ id: mailOutbox.id });
    const claimed = rows.map((row, i) => ({ id: row.id, message: mails[i]!.message, recipient: mails[i]!.recipient, attempts: 1 }));
    return { attempt: this.track(this.sendAll(claimed)) };
  }

  /** Claims the due mails (only `id` when given) and sends each; resolves with how many went out. */
  deliverDue(id?: number): Promise<number> {
    return this.track(this.claim(id).then((claimed) => this.sendAll(claimed)));
  }

  /** Sends in flight, for `settle`. */
  private track(work: Promise<number>): Promise<number> {
    this.inFlight.add(work);
    return work.finally(() => this.inFlight.delete(work));
  }

  /**
   * This process's worker: a round every poll, and every hour the sent records past their
   * retention deleted; returns its stop, which waits for sends in flight.
   */
  start(): () => Promise<void> {
    let round: Promise<unknown> | null = null;
    let purgedAt = 0;
    const timer = setInterval(() => {
      if (round) return;
      // Due once an hour has passed since the last purge that went through: one that failed (the
      // database away) is tried again next round, whatever the delivery did.
      const purge = Date.now() - purgedAt >= PURGE_EVERY_MS;
      round = this.deliverDue()
        .catch((err: Error) => log().warn({ err }, 'mail outbox round failed: retried next round'))
        .then(async () => {
          if (!purge) return;
          await this.track(this.purgeSent());
          purgedAt = Date.now();
        })
        .catch((err: Error) => log().warn({ err }, 'mail outbox: sent records past their retention not deleted: tried again next round'))
        .finally(() => (round = null));
    }, this.pollMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await this.settle();
    };
  }

  /**
   * Resolves when the sends in flight are over and what they delivered is marked sent, or after
   * `boundMs` (a stop must not hang on SMTP).
   */
  async settle(boundMs = MAIL_STOP_BOUND_MS): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, boundMs)));
    const done = Promise.allSettled([...this.inFlight])
      .then(() => this.markDelivered())
      .catch((err: Error) => log().error({ err }, 'delivered mails not marked sent: they go out again when their claim ends'));
    await Promise.race([done, bound]);
    clearTimeout(timer);
  }

  /**
   * Deletes the records of mails sent before the retention (at most PURGE_BATCH: a backlog goes over
   * the next hours); resolves with how many went.
   */
  async purgeSent(now: Date = new Date()): Promise<number> {
    const before = new Date(now.getTime() - (this.limits.sentRetentionMs ?? DEFAULT_MAIL_SENT_RETENTION_MS));
    const result = await this.db.execute(sql`
      delete from ${mailOutbox} where id in (
        select id from ${mailOutbox} where status = 'sent' and sent_at < ${before} order by id limit ${PURGE_BATCH})
      returning id`);
    const rows = executedRows<{ id: number }>(result);
    if (rows.length > 0) log().info({ deleted: rows.length, sentBefore: before.toISOString() }, 'mail outbox: sent records past their retention deleted');
    return rows.length;
  }

  /** The wait before attempt `attempts + 1`. */
  delayAfter(attempts: number): number {
    return Math.min(this.firstDelayMs * 2 ** Math.max(0, attempts - 1), this.limits.maxDelayMs);
  }

  private async claim(id?: number): Promise<Claimed[]> {
    const now = new Date();
    const leaseEnd = new Date(now.getTime() + CLAIM_LEASE_MS);
    const only = id === undefined ? sql`` : sql`and id = ${id}`;
    const result = await this.db.execute(sql`
      update ${mailOutbox} set claimed_until = ${leaseEnd}, attempts = attempts + 1
      where id in (
        select id from ${mailOutbox}
        where status = 'pending' and next_attempt_at <= ${now} and (claimed_until is null or claimed_until <= ${now}) ${only}
        order by id limit ${CLAIM_BATCH} for update skip locked)
      returning id, message, recipient, attempts`);
    const rows = executedRows<Claimed>(result);
    return rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) }));
  }

  private async sendAll(claimed: readonly Claimed[]): Promise<number> {
    if (claimed.length === 0) return 0;
    const outcomes = await this.transport.deliverAll(claimed);
    let sent = 0;
    for (const [i, mail] of claimed.entries()) {
      const err = outcomes[i];
      if (err !== null) {
        // Only our claim's row: one that took over after our lease ended records its own outcome.
        await this.failed(mail, sql`id = ${mail.id} and attempts = ${mail.attempts}`, err);
        continue;
      }
      sent++;
      this.markSoon(mail);
    }
    return sent;
  }

  private markSoon(mail: Claimed) {
    this.delivered.push(mail);
    if (this.markTimer) return;
    this.markTimer = setTimeout(() => {
      this.markDelivered().catch((err: Error) =>
        log().error({ err }, 'delivered mails not marked sent: they go out again when their claim ends'),
      );
    }, SENT_MARK_MS);
    this.markTimer.unref();
  }

  /** Marks what was delivered sent, in one statement, each row only under our claim (see `failed`). */
  private async markDelivered(): Promise<void> {
    if (this.markTimer) clearTimeout(this.markTimer);
    this.markTimer = null;
    const mails = this.delivered;
    this.delivered = [];
    if (mails.length === 0) return;
    const ours = sql.join(
      mails.map((m) => sql`(${m.id}::bigint, ${m.attempts}::int)`),
      sql`, `,
    );
    // The row stays as a record; its text goes (a reset code has no business staying around).
    await this.db.execute(sql`
      update ${mailOutbox} set status = 'sent', sent_at = ${new Date()}, claimed_until = null, last_error = null, message = ''
      where (id, attempts) in (${ours})`);
  }

  private async failed(mail: Claimed, ours: ReturnType<typeof sql>, err: unknown) {
    const reason = String((err as Error)?.message ?? err).replace(ADDRESS, '[address]').slice(0, 500);
    if (isPermanent(err) || mail.attempts >= this.limits.maxAttempts) {
      await this.db.execute(sql`update ${mailOutbox} set status = 'failed', claimed_until = null, last_error = ${reason} where ${ours}`);
      log().error({ mailId: mail.id, attempts: mail.attempts, reason }, 'mail given up: left as failed in the outbox');
      return;
    }
    const next = new Date(Date.now() + this.delayAfter(mail.attempts));
    await this.db.execute(sql`
      update ${mailOutbox} set next_attempt_at = ${next}, claimed_until = null, last_error = ${reason} where ${ours}`);
    log().warn({ mailId: mail.id, attempts: mail.attempts, nextAttemptAt: next.toISOString(), reason }, 'mail not sent: retried later');
  }
}
