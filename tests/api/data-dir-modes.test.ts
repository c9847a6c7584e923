// The data folder holds customers' identity documents, their mails and the database: readable by
// the server's user only. Folders the server makes are 0700 and the files it writes 0600 (an upload,
// an outbox mail), whatever the umask; a data folder made before, 0755 with 0644 files inside, is
// made private by the next `npm start`.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { PDF_BYTES, day, file, orderForm, pick, postOrder } from '../support/orders';
import { freePort } from '../support/free-port';
import { startProduct } from '../support/process';

const SHOP = 3; // Riviera Bike Rent: city bikes need no customer details
const START_TIMEOUT_MS = 240_000;

const modeOf = (entry: string) => (statSync(entry).mode & 0o777).toString(8);

describe.each(testDrivers)('files the API writes on $name', (driver) => {
  const api = seededApi(driver);

  it('stores an uploaded document and an outbox mail readable by the owner only, in folders only the owner may enter', async () => {
    const { main } = await pick(api, SHOP, 'CITYBIKE', { from: day(30), to: day(30) });
    const form = orderForm({
      from: day(30),
      cart: [{ prices: [main.id] }],
      email: 'private-files@example.com',
      medias: [{ file: file(PDF_BYTES, 'carta identità.pdf', 'application/pdf') }],
    });
    const { status, body } = await postOrder(api, SHOP, form);
    expect(status, JSON.stringify(body)).toBe(201);

    const uploads = path.join(api.dataDir, 'uploads');
    const outbox = path.join(api.dataDir, 'outbox');
    const documents = readdirSync(uploads);
    const mails = readdirSync(outbox);
    expect(documents).toHaveLength(1);
    expect(mails.length).toBeGreaterThan(0);
    expect(modeOf(uploads)).toBe('700');
    expect(modeOf(path.join(uploads, documents[0]!))).toBe('600');
    expect(modeOf(outbox)).toBe('700');
    for (const mail of mails) expect(modeOf(path.join(outbox, mail))).toBe('600');
  });
});

describe('npm start and the data folder', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'data-dir-modes-'));
  const dataDir = path.join(scratch, 'data');
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  async function startAndStop() {
    const server = await startProduct(dataDir, await freePort(), { POS_PORT: '0' });
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
  }

  it('makes a fresh data folder and its folders owner-only', async () => {
    await startAndStop();
    for (const folder of ['.', 'db', 'uploads', 'outbox']) expect(modeOf(path.join(dataDir, folder)), folder).toBe('700');
  }, START_TIMEOUT_MS);

  it('makes a data folder made before (0755, with 0644 documents and mails) owner-only at start', async () => {
    for (const folder of ['.', 'db', 'uploads', 'outbox']) {
      mkdirSync(path.join(dataDir, folder), { recursive: true });
      chmodSync(path.join(dataDir, folder), 0o755);
    }
    const document = path.join(dataDir, 'uploads', 'passport.pdf');
    const mail = path.join(dataDir, 'outbox', 'confirmation.eml');
    writeFileSync(document, PDF_BYTES);
    writeFileSync(mail, 'Subject: hello\r\n\r\nbody\r\n');
    chmodSync(document, 0o644);
    chmodSync(mail, 0o644);

    await startAndStop();
    for (const folder of ['.', 'db', 'uploads', 'outbox']) expect(modeOf(path.join(dataDir, folder)), folder).toBe('700');
    expect(modeOf(document)).toBe('600');
    expect(modeOf(mail)).toBe('600');
  }, START_TIMEOUT_MS);
});
