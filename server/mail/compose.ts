// What the mail thread does with a mail (./thread-entry.ts): turn it into the message's text
// (nodemailer, with its own Message-ID) and hand a stored message to its transport, over SMTP when
// SMTP_URL is set, otherwise as a .eml file in the outbox folder (readable by tests and by a
// developer). Plain functions of their arguments, so the thread keeps no state but its transports.
import { makePrivateFolder, writePrivateFileSync } from '../private-files';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { orderCodePng } from '../vouchers/code';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Where replies go when not to the sender (a booking request: the customer). */
  replyTo?: string;
  html?: string;
  /** Files sent with it; one with a `cid` is an inline image its html shows (`<img src="cid:…">`). */
  attachments?: (MailAttachment | OrderCodeAttachment)[];
}

/**
 * The order's QR code as an inline PNG (server/vouchers/code.ts), drawn where the message is
 * composed: the mail carries the order's number, not the image.
 */
export interface OrderCodeAttachment {
  filename: string;
  cid: string;
  orderNumber: string;
}

export interface MailAttachment {
  filename: string;
  /** A Buffer where it is made; a message to the thread carries it as its bytes (a Uint8Array). */
  content: Uint8Array;
  contentType: string;
  cid?: string;
}

/** The configuration of where stored messages go: the SMTP server (`smtpUrl`), or the outbox folder without one. */
export interface Destination {
  outboxDir: string;
  smtpUrl?: string;
}

/** Delivers one claimed message to its Destination (made by `transportTo`). */
export interface MailTransport {
  deliver(message: string, recipient: string): Promise<void>;
}

/** A mail to store and send: the message as composed, and its envelope's recipient. */
export interface OutgoingMail {
  message: string;
  recipient: string;
}

/**
 * Delivers a group of claimed mails (through the mail thread, server/mail/mail-thread.ts: one
 * message to the thread per group); resolves with each mail's outcome, in order: null once
 * delivered, or why it was not.
 */
export interface OutboxTransport {
  deliverAll(mails: readonly OutgoingMail[]): Promise<unknown[]>;
}

/** A group delivered one mail after the other, as one SMTP conversation after the other. */
export function oneByOne(transport: MailTransport): OutboxTransport {
  return {
    async deliverAll(mails) {
      const outcomes: unknown[] = [];
      for (const mail of mails) outcomes.push(await transport.deliver(mail.message, mail.recipient).then(() => null, (err: unknown) => err ?? new Error('mail not delivered')));
      return outcomes;
    },
  };
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
      await (folder ??= makePrivateFolder(outboxDir).catch((err: unknown) => {
        folder = undefined;
        throw err;
      }));
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`;
      // A few KB into the page cache at once: on the mail thread, so the file system's own time
      // (a file created per mail) blocks no request.
      writePrivateFileSync(path.join(outboxDir, name), message);
    },
  };
}

export function transportTo(destination: Destination): MailTransport {
  return destination.smtpUrl ? smtpTransport(destination.smtpUrl) : folderTransport(destination.outboxDir);
}

const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

async function attachment(a: MailAttachment | OrderCodeAttachment) {
  if ('orderNumber' in a) return { filename: a.filename, cid: a.cid, contentType: 'image/png', content: await orderCodePng({ number: a.orderNumber }) };
  // A message between threads carries a Buffer as a plain Uint8Array; nodemailer is typed for a
  // Buffer, here a view of the same bytes.
  return { ...a, content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength) };
}

/** The message as it is stored and sent: headers, parts, attachments. */
export async function composeMessage(mail: Mail): Promise<string> {
  const attachments = mail.attachments && (await Promise.all(mail.attachments.map(attachment)));
  const info = await builder.sendMail({ from: FROM, messageId: `<${randomUUID()}@${MESSAGE_ID_DOMAIN}>`, ...mail, attachments });
  return (info.message as Buffer).toString('utf8');
}
