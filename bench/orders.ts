// Orders placed per second through the API (shared by the PGlite run of bench/api.ts and the
// PostgreSQL processes of bench/cluster.ts).
import { addDays, todayInRome } from '../src/domain/dates';
import { firstDayOutOfSeason, nextOpening } from '../src/domain/season';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

/**
 * Orders placed per second: 50 concurrent clients, each order on its own day so all can succeed.
 * With several bases (API processes on one database) the clients are spread over them.
 */
/** Days a run books per shop at most: a few hundred orders a second spread over the shops. */
const BOOKABLE_DAYS = 100;

/** The first day from today starting BOOKABLE_DAYS days in the shop's season (its window: the presented days' month-days). */
function firstOpenStretch(season: { from: string; to: string }): string {
  const window = { from: season.from.slice(5), to: season.to.slice(5) };
  const start = nextOpening(todayInRome(), window);
  const closed = firstDayOutOfSeason(start, addDays(start, BOOKABLE_DAYS), window);
  return closed === null ? start : nextOpening(closed, window);
}

/** `run`: how long and with how many clients (the soak of bench/api.ts mixes fewer with reads); default BENCH_SECONDS and 50. */
export async function orders(
  bases: string | readonly string[],
  firstDay = 1,
  run: { seconds?: number; clients?: number } = {},
): Promise<{ perSecond: number; placed: number; refused: number; p99: number }> {
  const all = typeof bases === 'string' ? [bases] : bases;
  const base = all[0]!;
  const shops = (await (await fetch(`${base}/api/v2/sites?with=shops.sports`)).json()) as {
    data: { shops: { id: number; slug: string; season: { from: string; to: string } }[] }[];
  };
  const shopList = shops.data.flatMap((s) => s.shops);
  // A shop takes days of its season only. Each shop's days start on the first day from
  // which BOOKABLE_DAYS days in a row are in its season (today at a shop open all year).
  const firstDays = new Map(shopList.map((shop) => [shop.id, firstOpenStretch(shop.season)]));
  const priceIds = new Map<string, number>();
  const priceFor = async (shop: { id: number; slug: string }, day: string) => {
    const key = `${shop.id}`;
    if (!priceIds.has(key)) {
      const body = (await (await fetch(`${base}/api/v1/shops/${shop.id}?from=${day}`)).json()) as {
        data: { products: { require_customer_info: boolean; current_price: { id: number } | null }[] };
      };
      const product = body.data.products.find((p) => p.current_price)!;
      priceIds.set(key, product.current_price!.id);
    }
    return priceIds.get(key)!;
  };
  let next = 0;
  let placed = 0;
  let refused = 0;
  const latencies: number[] = [];
  const deadline = Date.now() + (run.seconds ?? DURATION) * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const n = next++;
      const shop = shopList[n % shopList.length]!;
      const day = addDays(firstDays.get(shop.id)!, firstDay + Math.floor(n / shopList.length));
      const form = new FormData();
      const fields: Record<string, string> = {
        from: day,
        first_name: 'Bench',
        last_name: `N${n}`,
        phone: '+39 333 0000000',
        email: `bench${n}@example.com`,
        'cart[0][prices][0]': String(await priceFor(shop, day)),
      };
      for (const f of ['first_name', 'last_name', 'height', 'weight', 'shoe_size', 'level']) fields[`cart[0][customer][${f}]`] = '1';
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      const t0 = performance.now();
      const res = await fetch(`${all[n % all.length]}/api/v1/shops/${shop.id}/orders`, { method: 'POST', body: form });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status === 201) placed++;
      else refused++;
    }
  };
  const t0 = Date.now();
  await Promise.all(Array.from({ length: run.clients ?? CONNECTIONS }, worker));
  latencies.sort((a, b) => a - b);
  return {
    perSecond: Math.round((placed / (Date.now() - t0)) * 1000),
    placed,
    refused,
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
  };
}
