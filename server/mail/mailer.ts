// Outgoing email. Every mail is built once (nodemailer, with its own Message-ID) and stored in the
// outbox table (server/mail/outbox.ts) before anything is sent, then delivered by the outbox's
// worker: over SMTP when SMTP_URL is set, otherwise written as a .eml file to the outbox folder
// (readable by tests and by a developer). Without SMTP the file is written before `send` resolves,
// so a request's mail is on disk when its answer arrives; with SMTP `send` resolves once the mail
// is stored, and a server that is down or refusing delays the mail, never the request.
import { writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { log } from '../log';
import { MailOutbox, type MailTransport, type OutboxLimits, type OutgoingMail } from './outbox';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Where replies go when not to the sender (a booking request: the customer). */
  replyTo?: string;
  html?: string;
  /** Files sent with it; one with a `cid` is an inline image its html shows (`<img src="cid:…">`). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  cid?: string;
}

export interface Mailer {
  /** Stores the mail for delivery (without SMTP: also writes it); rejects only if it cannot be stored. */
  send(mail: Mail): Promise<void>;
  /**
   * Waits (at most MAIL_STOP_BOUND_MS) for the first attempts still being sent: a stop that closed
   * the database under one would leave a mail the SMTP server took marked unsent, sent again later.
   */
  close(): Promise<void>;
}

const FROM_ADDRESS = 'noreply@rentalp.example';
const FROM = `RentAlp <${FROM_ADDRESS}>`;
const MESSAGE_ID_DOMAIN = 'rentalp.example';
/**
 * One SMTP conversation ends within these (nodemailer's defaults wait minutes), well inside the
 * outbox's claim lease (CLAIM_LEASE_MS), so no other worker takes a mail over while it is sent.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

function smtpTransport(smtpUrl: string): MailTransport {
  const transport = nodemailer.createTransport(smtpUrl, SMTP_TIMEOUTS);
  return {
    async deliver(message, recipient) {
      await transport.sendMail({ envelope: { from: FROM_ADDRESS, to: recipient }, raw: message });
    },
  };
}

function folderTransport(outboxDir: string): MailTransport {
  let folder: Promise<unknown> | undefined;
  return {
    async deliver(message) {
      await (folder ??= mkdir(outboxDir, { recursive: true }).catch((err: unknown) => {
        folder = undefined;
        throw err;
      }));
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`;
      // A few KB into the page cache, written at once: open, write and close as three calls here
      // take about 30 µs of CPU, fs/promises' trips through the thread pool and their promises about
      // 170 µs (a 9 KB file, 3,000 writes each way), 2–5 % of the event loop under the orders load.
      writeFileSync(path.join(outboxDir, name), message);
    },
  };
}

const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

async function build(mail: Mail): Promise<string> {
  const info = await builder.sendMail({ from: FROM, messageId: `<${randomUUID()}@${MESSAGE_ID_DOMAIN}>`, ...mail });
  return (info.message as Buffer).toString('utf8');
}

export interface MailerOptions {
  db: Db;
  /** Where mails are written without SMTP. */
  outboxDir: string;
  smtpUrl?: string;
  limits: OutboxLimits;
}

function outboxFor(options: MailerOptions): MailOutbox {
  const transport = options.smtpUrl ? smtpTransport(options.smtpUrl) : folderTransport(options.outboxDir);
  return new MailOutbox(options.db, transport, options.limits);
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
      const { attempt } = await groups.store({ message: await build(mail), recipient: mail.to });
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
