// Outgoing email: real .eml files in an outbox folder by default (readable by tests and by a
// developer), SMTP through nodemailer when SMTP_URL is set.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Where replies go when not to the sender (a booking request: the customer). */
  replyTo?: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(options: { outboxDir: string; smtpUrl?: string; from?: string }): Mailer {
  const from = options.from ?? 'RentAlp <noreply@rentalp.example>';
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return { send: async (mail) => void (await transport.sendMail({ from, ...mail })) };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let folder: Promise<unknown> | undefined;
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await (folder ??= mkdir(options.outboxDir, { recursive: true }));
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`;
      await writeFile(path.join(options.outboxDir, name), info.message as Buffer);
    },
  };
}
