// Orders placed per second through the API (shared by the PGlite run of bench/api.ts and the
// PostgreSQL processes of bench/cluster.ts).
//
// Every request is an order the storefront could send: a guest's multipart form for one unit of a
// shop's first priced product on a day of the shop's season; a 201 counts as placed, anything else
// as refused, and the p99 is over every request. The client is kept cheap, because on a 2-core
// machine it takes its CPU from the server it measures: each form is encoded by hand (the bytes a
// browser sends for it) and posted through node's http with a keep-alive agent, one socket per
// client, rather than fetch with a FormData, whose encoding and stream machinery cost the client
// several times more per order.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { IDEMPOTENCY_HEADER } from '../src/api/contract/idempotency';
import { addDays, todayInRome } from '../src/domain/dates';
import { isInSeason } from '../src/domain/season';
import { TERMS_VERSION } from '../src/domain/terms';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
/**
 * How far ahead the runs book: ten years of every shop's season, room for the soak (bench/api.ts)
 * after the main run; an order past it books the last day again, and is refused as sold out. Five
 * years held 1,800 orders in the shortest season's shop, fewer than a run at 200 orders/s with a
 * 600 s soak at 34/s gives each of the 12 shops.
 */
const HORIZON_DAYS = 10 * 365;

interface Shop {
  id: number;
  season: { from: string; to: string };
}

interface Booking {
  priceId: number;
  /** The shop's days in season from tomorrow on, in order. */
  days: string[];
  /** Units of the product free on a day: as many orders book each day. */
  perDay: number;
}

/** The shop's bookable days (its window: the presented season's month-days) in the next HORIZON_DAYS. */
function seasonDays(season: Shop['season']): string[] {
  const window = { from: season.from.slice(5), to: season.to.slice(5) };
  const today = todayInRome();
  return Array.from({ length: HORIZON_DAYS }, (_, i) => addDays(today, i + 1)).filter((day) => isInSeason(day, window));
}

/** The form as a browser encodes it (multipart/form-data, one part per field). */
function multipart(fields: Record<string, string>): { body: Buffer; type: string } {
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), type: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs `body`, reads the whole answer; resolves with its status. */
function post(agent: http.Agent, url: string, form: { body: Buffer; type: string }, key: string | null): Promise<number> {
  const headers: http.OutgoingHttpHeaders = { 'content-type': form.type, 'content-length': form.body.length };
  if (key) headers[IDEMPOTENCY_HEADER] = key;
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent, headers }, (res) => {
      res.on('error', reject);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.resume();
    });
    request.on('error', reject);
    request.end(form.body);
  });
}

/**
 * Orders placed per second: 50 concurrent clients (`run.clients`), for BENCH_SECONDS (`run.seconds`),
 * each with an `Idempotency-Key` of its own when `run.keyed` (as the checkout and the kiosk send them),
 * spread over the shops and, with several bases (API processes on one database), over the bases.
 * Each shop's orders fill its season day by day, as many a day as the product has units, so all
 * can succeed; `earlier`: the orders of an earlier run on the same database, whose days this run
 * leaves to them.
 */
export async function orders(
  bases: string | readonly string[],
  earlier = 0,
  run: { seconds?: number; clients?: number; keyed?: boolean } = {},
): Promise<{ perSecond: number; placed: number; refused: number; p99: number; refusedBy: string }> {
  const all = typeof bases === 'string' ? [bases] : bases;
  const base = all[0]!;
  const sites = (await (await fetch(`${base}/api/v2/sites?with=shops.sports`)).json()) as { data: { shops: Shop[] }[] };
  const shops = sites.data.flatMap((s) => s.shops);
  const bookings = new Map<number, Booking>();
  for (const shop of shops) {
    const days = seasonDays(shop.season);
    const load = (await (await fetch(`${base}/api/v1/shops/${shop.id}?from=${days[0]}`)).json()) as {
      data: { products: { id: number; current_price: { id: number } | null }[] };
    };
    const product = load.data.products.find((p) => p.current_price)!;
    // Its units: what is free on the horizon's last day, which no run books before the others.
    const last = days.at(-1)!;
    const free = (await (await fetch(`${base}/api/v1/shops/${shop.id}/availabilities?from=${last}&to=${last}`)).json()) as { availabilities: Record<string, number> };
    bookings.set(shop.id, { priceId: product.current_price!.id, days, perDay: Math.max(1, free.availabilities[product.id] ?? 1) });
  }
  const clients = run.clients ?? CONNECTIONS;
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  let next = 0;
  let placed = 0;
  let refused = 0;
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  const deadline = Date.now() + (run.seconds ?? DURATION) * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const n = next++;
      const shop = shops[(earlier + n) % shops.length]!;
      const booking = bookings.get(shop.id)!;
      // The shop's k-th order; past the horizon it asks for the last day, full by then.
      const k = Math.floor((earlier + n) / shops.length);
      const day = booking.days[Math.min(Math.floor(k / booking.perDay), booking.days.length - 1)]!;
      const fields: Record<string, string> = {
        from: day,
        terms_version: TERMS_VERSION,
        first_name: 'Bench',
        last_name: `N${n}`,
        phone: '+39 333 0000000',
        email: `bench${n}@example.com`,
        'cart[0][prices][0]': String(booking.priceId),
      };
      for (const f of ['first_name', 'last_name', 'height', 'weight', 'shoe_size', 'level']) fields[`cart[0][customer][${f}]`] = '1';
      const form = multipart(fields);
      const t0 = performance.now();
      const status = await post(agent, `${all[n % all.length]}/api/v1/shops/${shop.id}/orders`, form, run.keyed ? randomUUID() : null);
      latencies.push(performance.now() - t0);
      if (status === 201) placed++;
      else {
        refused++;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }
  };
  const t0 = Date.now();
  await Promise.all(Array.from({ length: clients }, worker));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    perSecond: Math.round((placed / (Date.now() - t0)) * 1000),
    placed,
    refused,
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
    /** The refusals' statuses, e.g. "409: 140, 503: 4" (a run past the horizon refuses as sold out). */
    refusedBy: [...statuses].map(([status, count]) => `${status}: ${count}`).join(', '),
  };
}
