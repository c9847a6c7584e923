// Bytes the V8 heap takes per request on the hot reads, measured in-process: the API (as
// tests/support/app.ts builds it, on PGlite in memory) answers the same request N times through
// Hono's `app.request` (the HTTP parsing of a socket is not counted), and the heap's growth over them,
// with no garbage collection in between, is divided by N. A collection in the middle (the heap
// shrinking between two requests) voids the round, which is taken again. Run by bench/api.ts in a
// node started with --expose-gc and a young generation large enough for N requests.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { addDays, todayInRome } from '../src/domain/dates';

const REQUESTS = 200;
const WARM_UP = 300;
const ATTEMPTS = 5;
const BYTES_PER_KB = 1024;
/** Young generation (MB per semi-space) that holds REQUESTS requests' garbage without a collection. */
const SEMI_SPACE_MB = 256;
const OUTPUT_BYTES = 64 * 1024 * 1024;
const RESULT_MARK = 'allocations: ';

interface Allocation {
  request: string;
  kb: number | string;
}

function hotReads(): { request: string; path: string }[] {
  const from = addDays(todayInRome(), 20);
  const to = addDays(from, 6);
  return [
    { request: 'GET /api/health/live (the middleware alone)', path: '/api/health/live' },
    { request: 'GET v1/shops/slug/{slug}, 7-day range', path: `/api/v1/shops/slug/sport-noleggio-sestriere?from=${from}&to=${to}` },
    { request: 'GET v1/shops/{id}/availabilities, 7-day range', path: `/api/v1/shops/1/availabilities?from=${from}&to=${to}` },
    { request: 'GET v1/shops/{id}/availabilities/days, 31 days', path: `/api/v1/shops/1/availabilities/days?product_id=1&from=${from}&to=${addDays(from, 30)}` },
  ];
}

async function measure(): Promise<Allocation[]> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  // Imported here: the parent (bench/api.ts) does not load the server.
  const { createTestApi } = await import('../tests/support/app');
  const { testDrivers } = await import('../tests/support/databases');
  const api = await createTestApi(testDrivers[0]!);
  const results: Allocation[] = [];
  try {
    for (const read of hotReads()) {
      for (let i = 0; i < WARM_UP; i++) await (await api.request(read.path)).text();
      let kb: number | string = 'a collection every round';
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        gc();
        const start = getHeapStatistics().used_heap_size;
        let previous = start;
        let collected = false;
        for (let i = 0; i < REQUESTS; i++) {
          const res = await api.request(read.path);
          if (res.status !== 200) throw new Error(`${read.path}: ${res.status}`);
          await res.text();
          const used = getHeapStatistics().used_heap_size;
          if (used < previous) collected = true;
          previous = used;
        }
        if (collected) continue;
        kb = Math.round(((previous - start) / REQUESTS / BYTES_PER_KB) * 10) / 10;
        break;
      }
      results.push({ request: read.request, kb });
    }
  } finally {
    await api.dispose();
  }
  return results;
}

/** Runs the measure in a node of its own (the flags it needs), returning its rows. */
export async function allocationsPerRequest(): Promise<Allocation[]> {
  const result = spawnSync(
    process.execPath,
    ['--expose-gc', `--max-semi-space-size=${SEMI_SPACE_MB}`, `--min-semi-space-size=${SEMI_SPACE_MB}`, '--import', 'tsx', path.join(import.meta.dirname, 'allocations.ts')],
    // The API logs every request, as in production: its lines come out here too.
    { encoding: 'utf8', maxBuffer: OUTPUT_BYTES },
  );
  if (result.status !== 0) throw new Error(`bench/allocations.ts failed:\n${result.stderr}`);
  const line = result.stdout.split('\n').find((l) => l.startsWith(RESULT_MARK));
  return JSON.parse(line!.slice(RESULT_MARK.length)) as Allocation[];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await measure();
  // After the request lines still being written out.
  setTimeout(() => console.log(`${RESULT_MARK}${JSON.stringify(results)}`), 100);
}
