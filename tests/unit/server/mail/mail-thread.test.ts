// The mail thread (server/mail/mail-thread.ts): messages are composed (an order's code drawn with
// them) and files written on a thread of its own, not the event loop's; a group of mails is
// delivered with each one's outcome; a thread that ends refuses what it had not answered, and the
// next request starts another.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { mailThread } from '~server/mail/mail-thread';
import { orderCodePng } from '~server/vouchers/code';

const folder = mkdtempSync(path.join(tmpdir(), 'mail-thread-'));
afterAll(async () => {
  await mailThread.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** A first start loads TypeScript's loader into the thread: seconds on a busy machine. */
const THREAD_START_MS = 30_000;
/** The command below ends in a second or two; one still running after this never would. */
const COMMAND_TIMEOUT_MS = 20_000;

const MAIL = {
  to: 'guest@example.com',
  subject: 'Conferma ordine 11-0000001',
  text: 'Il tuo ordine è confermato.',
  html: '<p>Il tuo ordine è confermato.</p><p><img src="cid:code@example"></p>',
  attachments: [{ filename: 'code.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), contentType: 'image/png', cid: 'code@example' }],
};

describe('the mail thread', () => {
  it('composes a message on a thread that is not the caller’s, bytes of its attachment included', async () => {
    const message = await mailThread.compose(MAIL);
    expect(mailThread.lastThreadId).not.toBeNull();
    expect(mailThread.lastThreadId).not.toBe(threadId);
    expect(message).toContain('To: guest@example.com');
    expect(message).toContain('Content-ID: <code@example>');
    // The attachment crossed the thread as a Uint8Array: its bytes, not "1,2,3" nor an empty part.
    expect(message).toContain(Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]).toString('base64'));
  }, THREAD_START_MS);

  it('draws an order’s code on the thread, the same PNG the voucher carries', async () => {
    const message = await mailThread.compose({ ...MAIL, attachments: [{ filename: 'order-11-0000042.png', orderNumber: '11-0000042', cid: 'code@example' }] });
    expect(message).toContain('Content-Type: image/png; name=order-11-0000042.png');
    // The part's base64 is folded into lines of 76.
    expect(message.replace(/\r?\n/g, '')).toContain((await orderCodePng({ number: '11-0000042' })).toString('base64'));
  }, THREAD_START_MS);

  it('delivers a group into the folder, one file per mail, each with its outcome', async () => {
    const outboxDir = path.join(folder, 'outbox');
    const message = await mailThread.compose(MAIL);
    const outcomes = await mailThread.transportTo({ outboxDir }).deliverAll([
      { message, recipient: 'a@example.com' },
      { message: message.replace('guest@', 'other@'), recipient: 'b@example.com' },
    ]);
    expect(outcomes).toEqual([null, null]);
    const written = readdirSync(outboxDir).map((f) => readFileSync(path.join(outboxDir, f), 'utf8'));
    expect(written.sort()).toEqual([message, message.replace('guest@', 'other@')].sort());
  }, THREAD_START_MS);

  it('answers a failed delivery with its reason, as an Error the outbox can read', async () => {
    // A file where the folder should be: the folder cannot be made.
    const blocked = path.join(folder, 'blocked');
    writeFileSync(blocked, 'not a folder');
    const [outcome] = await mailThread.transportTo({ outboxDir: path.join(blocked, 'outbox') }).deliverAll([{ message: 'x', recipient: 'a@example.com' }]);
    expect(outcome).toBeInstanceOf(Error);
    expect((outcome as Error & { code?: string }).code).toBe('ENOTDIR');
  }, THREAD_START_MS);

  it('refuses a mail that cannot be copied to the thread, alone, and holds a process open only while it owes an answer', () => {
    // A process of its own, as a command that sends mail and exits: it ends by itself only if the
    // thread lets go of it once nothing is owed (a refusal that left its request owed would not).
    const script = `
      import { mailThread } from ${JSON.stringify(path.resolve('server/mail/mail-thread.ts'))};
      const mail = { to: 'guest@example.com', subject: 'S', text: 'T' };
      const refused = await mailThread.compose({ ...mail, text: () => 'not a string' }).then(() => 'sent', (err) => err.message);
      const next = await mailThread.compose(mail);
      console.log(JSON.stringify({ refused, next: next.includes('To: guest@example.com') }));`;
    const file = path.join(folder, 'command.mts');
    writeFileSync(file, script);
    const run = spawnSync(process.execPath, ['--import', 'tsx', file], { encoding: 'utf8', timeout: COMMAND_TIMEOUT_MS });
    expect(run.signal).toBeNull();
    expect(JSON.parse(run.stdout.trim().split('\n').at(-1)!)).toEqual({ refused: expect.stringMatching(/could not be cloned/), next: true });
  }, THREAD_START_MS);

  it('refuses what a thread that ended had not answered, and starts another for the next mail', async () => {
    await mailThread.compose(MAIL);
    const first = mailThread.lastThreadId;
    const refused = expect(mailThread.compose(MAIL)).rejects.toThrow('mail thread stopped');
    await mailThread.stop();
    await refused;
    await expect(mailThread.compose(MAIL)).resolves.toContain('To: guest@example.com');
    expect(mailThread.lastThreadId).not.toBe(first);
  }, THREAD_START_MS);
});
