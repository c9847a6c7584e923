// The voucher's download (src/features/customer/shared/stores/voucher.ts) with the app's API client
// over a fake fetch: the /download page's link read from its address, the PDF handed over as a file,
// a wrong link, a cancelled order and a lost answer told apart.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { $voucherDownload, downloadVoucher, voucherLink } = await import('~/features/customer/shared/stores/voucher');

const UUID = '0b5c7a1e-1111-4222-8333-444455556666';
const PDF = '%PDF-1.3 a voucher';
let answers: (Response | Error)[] = [];
const asked: URL[] = [];

beforeEach(() => {
  answers = [];
  asked.length = 0;
  $voucherDownload.set({ state: 'loading' });
  vi.stubGlobal('fetch', async (url: string | URL) => {
    asked.push(new URL(String(url)));
    const next = answers.shift();
    if (!next) throw new Error(`unexpected request ${String(url)}`);
    if (next instanceof Error) throw new TypeError('Failed to fetch');
    return next;
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('downloadVoucher', () => {
  it("fetches the PDF of the link's order and offers it as a file under the server's name", async () => {
    answers.push(
      new Response(PDF, { headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="voucher-06-0000042.pdf"' } }),
    );
    const outcome = await downloadVoucher(`?order=${UUID.toUpperCase()}`);
    expect(asked.map((u) => u.pathname)).toEqual([`/api/v1/orders/${UUID}/voucher.pdf`]);
    expect(outcome).toMatchObject({ state: 'ready', fileName: 'voucher-06-0000042.pdf' });
    expect($voucherDownload.get()).toEqual(outcome);
    // The object URL holds the PDF the server sent.
    const url = (outcome as { url: string }).url;
    expect(url).toMatch(/^blob:/);
    expect(await (await fetchBlob(url)).text()).toBe(PDF);
  });

  it('says the link is wrong without asking the server when it holds no uuid, and when no order answers it', async () => {
    expect(await downloadVoucher('')).toEqual({ state: 'missing' });
    expect(await downloadVoucher('?order=06-0000042')).toEqual({ state: 'invalid' });
    expect(asked).toEqual([]);
    answers.push(Response.json({ message: 'Risorsa non trovata' }, { status: 404 }));
    expect(await downloadVoucher(`?order=${UUID}`)).toEqual({ state: 'invalid' });
  });

  it("says the order was cancelled when the server answers 410, not that the link is wrong", async () => {
    answers.push(Response.json({ message: 'Ordine annullato' }, { status: 410 }));
    expect(await downloadVoucher(`?order=${UUID}`)).toEqual({ state: 'cancelled' });
    expect($voucherDownload.get()).toEqual({ state: 'cancelled' });
  });

  it('tells a lost answer or a server fault apart (worth another try), and a retry that works replaces it', async () => {
    answers.push(new Error('offline'), Response.json({ message: 'Servizio non disponibile' }, { status: 503 }));
    expect(await downloadVoucher(`?order=${UUID}`)).toEqual({ state: 'failed' });
    expect(await downloadVoucher(`?order=${UUID}`)).toEqual({ state: 'failed' });
    answers.push(new Response(PDF, { headers: { 'content-disposition': 'attachment; filename="voucher-1.pdf"' } }));
    expect(await downloadVoucher(`?order=${UUID}`)).toMatchObject({ state: 'ready', fileName: 'voucher-1.pdf' });
  });
});

describe('voucherLink', () => {
  it("is the API's voucher address of the order's uuid", () => {
    expect(new URL(voucherLink(UUID)).pathname).toBe(`/api/v1/orders/${UUID}/voucher.pdf`);
  });
});

/** Node resolves blob: URLs made by URL.createObjectURL through its buffer module. */
async function fetchBlob(url: string): Promise<{ text(): Promise<string> }> {
  const { resolveObjectURL } = await import('node:buffer');
  return resolveObjectURL(url)!;
}
