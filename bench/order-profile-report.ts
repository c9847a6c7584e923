// Where an order's time goes (bench/order-profile.ts): the tables it prints, per phase (the orders'
// queries by statement, transactions, waits, CPU) and the parallel phase's CPU profile by area.
import path from 'node:path';
import { projectRoot } from '../server/db/client';
import type { OrderRecord } from './order-profile-timing';

const mean = (values: readonly number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};
const fixed = (n: number, digits = 2) => n.toFixed(digits);

export function report(title: string, records: readonly OrderRecord[], wallMs: number, cpu: NodeJS.CpuUsage) {
  const placed = records.filter((r) => r.status === 201).length;
  console.log(`\n### ${title}: ${records.length} orders, ${placed} placed, ${fixed((placed / wallMs) * 1000, 0)} placed/s`);
  // The process's CPU time (user + system: this process is the API and its database alone).
  console.log(`CPU ${fixed((cpu.user + cpu.system) / 1000 / records.length)} ms per order`);
  console.log(`request p50 ${fixed(percentile(records.map((r) => r.total), 0.5), 1)} ms, p99 ${fixed(percentile(records.map((r) => r.total), 0.99), 1)} ms`);
  console.log(
    `per order: ${fixed(mean(records.map((r) => r.queries.length)), 1)} queries (${fixed(mean(records.map((r) => sum(r.queries.map((q) => q.ms)))))} ms in them), ` +
      `${fixed(mean(records.map((r) => r.transactions.length)), 1)} transactions holding the database ${fixed(mean(records.map((r) => sum(r.transactions))))} ms, ` +
      `waiting for it ${fixed(mean(records.map((r) => sum(r.waits))))} ms`,
  );
  const byLabel = new Map<string, number[]>();
  for (const r of records) for (const q of r.queries) byLabel.set(q.label, [...(byLabel.get(q.label) ?? []), q.ms]);
  console.log('\n| statement | per order | mean ms | p99 ms | ms per order |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, times] of [...byLabel].sort((a, b) => sum(b[1]) - sum(a[1]))) {
    console.log(`| ${name} | ${fixed(times.length / records.length)} | ${fixed(mean(times))} | ${fixed(percentile(times, 0.99))} | ${fixed(sum(times) / records.length)} |`);
  }
}

/** Self time of a V8 CPU profile grouped by area: a package, a folder of ours, the engine. */
export function cpuAreas(profile: { nodes: { id: number; callFrame: { url: string; functionName: string } }[]; samples: number[]; timeDeltas: number[] }, orders: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const areas = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const url = frame.url.replace(/^file:\/\//, '');
    let area: string;
    if (!url) area = `(${frame.functionName || 'engine'})`;
    else if (url.includes('/node_modules/')) {
      const rest = url.split('/node_modules/').pop()!;
      area = rest.startsWith('@') ? rest.split('/').slice(0, 2).join('/') : rest.split('/')[0]!;
    } else if (url.startsWith('node:')) area = 'node internals';
    else area = path.relative(projectRoot, path.dirname(url)) || url;
    areas.set(area, (areas.get(area) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const total = sum([...areas.values()]);
  console.log(`\nCPU (self time, parallel phase): ${fixed(total / orders)} ms per order\n`);
  console.log('| area | ms per order | share |');
  console.log('|---|---:|---:|');
  for (const [area, ms] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`| ${area} | ${fixed(ms / orders)} | ${fixed((ms / total) * 100, 0)} % |`);
  }
  if (process.env.PROFILE_FUNCTIONS) {
    const fns = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const f = byId.get(id)!.callFrame;
      const key = `${f.functionName || '(anon)'} ${f.url.replace(/^file:\/\//, '').replace(projectRoot + '/', '')}`;
      fns.set(key, (fns.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
    for (const [fn, ms] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${fixed(ms / orders)} ${fn}`);
    // Inclusive time of our own functions: a sample counts for every frame of ours on its stack.
    const parent = new Map<number, number>();
    for (const n of profile.nodes as { id: number; children?: number[] }[]) for (const c of n.children ?? []) parent.set(c, n.id);
    const inclusive = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const f = byId.get(at)!.callFrame;
        if (!f.url.includes('/work/main/server') && !f.url.includes('/work/main/src')) continue;
        const key = `${f.functionName || '(anon)'} ${f.url.replace(/^file:\/\//, '').replace(projectRoot + '/', '')}:${(f as { lineNumber?: number }).lineNumber}`;
        if (seen.has(key)) continue;
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
      }
    });
    console.log('\ninclusive, ours:');
    for (const [fn, ms] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${fixed(ms / orders)} ${fn}`);
  }
}
