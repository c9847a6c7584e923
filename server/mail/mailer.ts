// Outgoing email. Every mail is composed once (nodemailer, with its own Message-ID) and stored in
// the outbox table (server/mail/outbox.ts) before anything is sent, then delivered by the outbox's
// worker: over SMTP when SMTP_URL is set, otherwise written as a .eml file to the outbox folder
// (readable by tests and by a developer). Composing and delivering run on the mail thread
// (./mail-thread.ts), storing on the event loop's database. Without SMTP the file is written
// before `send` resolves, so a request's mail is on disk when its answer arrives; with SMTP `send`
// resolves once the mail is stored, and a server that is down or refusing delays the mail, never
// the request.
import type { Db } from '../db/client';
import { log } from '../log';
import type { Mail, OutgoingMail } from './compose';
import { mailThread } from './mail-thread';
import { MailOutbox, type OutboxLimits } from './outbox';

export interface Mailer {
  /** Stores the mail for delivery (without SMTP: also writes it); rejects only if it cannot be stored. */
  send(mail: Mail): Promise<void>;
  /**
   * Waits (at most MAIL_STOP_BOUND_MS) for the first attempts still being sent: a stop that closed
   * the database under one would leave a mail the SMTP server took marked unsent, sent again later.
   */
  close(): Promise<void>;
}

export interface MailerOptions {
  db: Db;
  /** Where mails are written without SMTP. */
  outboxDir: string;
  smtpUrl?: string;
  limits: OutboxLimits;
}

function outboxFor(options: MailerOptions): MailOutbox {
  return new MailOutbox(options.db, mailThread.transportTo({ outboxDir: options.outboxDir, smtpUrl: options.smtpUrl }), options.limits);
}

/**
 * This process's delivery worker (`npm start`, one per process): sends what waits, retries, gives
 * up. Returns its stop, which waits for the sends in flight.
 */
export function startMailWorker(options: MailerOptions): () => Promise<void> {
  return outboxFor(options).start();
}

/**
 * Stores mails in groups: while one group's insert runs, the mails made meanwhile wait and go in
 * the next one, so fifty orders confirmed at once cost a few statements, not fifty. Each mail's
 * promise resolves when its group is stored, with that group's first attempt.
 */
class StoreGroups {
  private waiting: { mail: OutgoingMail; resolve(v: { attempt: Promise<number> }): void; reject(err: unknown): void }[] = [];
  private storing = false;

  constructor(private readonly outbox: MailOutbox) {}

  store(mail: OutgoingMail): Promise<{ attempt: Promise<number> }> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ mail, resolve, reject });
      if (!this.storing) void this.drain();
    });
  }

  private async drain() {
    this.storing = true;
    while (this.waiting.length > 0) {
      const group = this.waiting;
      this.waiting = [];
      try {
        const stored = await this.outbox.enqueueAndSend(group.map((w) => w.mail));
        for (const w of group) w.resolve(stored);
      } catch (err) {
        for (const w of group) w.reject(err);
      }
    }
    this.storing = false;
  }
}

export function createMailer(options: MailerOptions): Mailer {
  const smtp = Boolean(options.smtpUrl);
  const outbox = outboxFor(options);
  const groups = new StoreGroups(outbox);
  return {
    async send(mail) {
      const { attempt } = await groups.store({ message: await mailThread.compose(mail), recipient: mail.to });
      // The first attempt right away; a failure leaves the mail to the worker's retries.
      const attempted = attempt.catch((err: Error) => {
        log().warn({ err }, 'mail stored, first attempt failed: the outbox retries it');
        return 0;
      });
      if (!smtp) await attempted;
    },
    close: () => outbox.settle(),
  };
}
