// Where an `astro build` spends its time, read from what Astro prints (no instrumentation of our
// own: the phases are Astro's, timed by Astro). Astro runs these one after the other; the
// link-preview images are drawn beside them (src/seo/og-integration.ts starts them with the build)
// and are shown apart, as their own wall time. What follows the page rendering (the integrations'
// build:done hooks: the sitemap, the wait for and copy of the preview images, the service worker)
// has no line of its own: it is Astro's total less the phases before it. Astro's total starts after
// its start-up (node, the config and its integrations, the content sync and types): with the
// build's wall time, that start-up is the wall time less Astro's total.

import { stripVTControlCharacters } from 'node:util';

export interface BuildPhase {
  phase: string;
  seconds: number;
  /** Runs beside the phases above it, not after them: not part of their sum. */
  parallel?: boolean;
}

/** "1.15s" / "972ms" / "7019 ms" as seconds. */
function seconds(value: string, unit: string): number {
  return unit.trim() === 'ms' ? Number(value) / 1000 : Number(value);
}

/** The first "✓ Completed in Xs." (or "✓ built in Xs") after the line matching `start`. */
function completedAfter(lines: string[], start: RegExp, done: RegExp = /✓ Completed in ([\d.]+)(m?s)/): number | undefined {
  const from = lines.findIndex((l) => start.test(l));
  if (from < 0) return undefined;
  for (const line of lines.slice(from + 1)) {
    const m = done.exec(line);
    if (m) return seconds(m[1]!, m[2]!);
  }
  return undefined;
}

/**
 * The phases of one build's output, in the order Astro runs them; missing ones are left out. With
 * `wallSeconds` (the build process's wall time), the start-up before Astro's timer too. Astro colours
 * its lines even with FORCE_COLOR=0 and no terminal, so the colour codes are dropped first.
 */
export function buildSplit(colouredOutput: string, wallSeconds?: number): BuildPhase[] {
  const output = stripVTControlCharacters(colouredOutput);
  const lines = output.split('\n');
  const total = astroTotal(output);
  const phases: BuildPhase[] = [];
  const push = (phase: string, value: number | undefined) => {
    if (value !== undefined) phases.push({ phase, seconds: value });
  };
  if (wallSeconds !== undefined && total !== undefined)
    push('start-up: node, the config and its integrations, content sync and types', Math.max(0, wallSeconds - total));
  push('collecting build info (routes, getStaticPaths)', completedAfter(lines, /Collecting build info/));
  push('server bundle (Vite; the .astro files compile here)', completedAfter(lines, /Building static entrypoints/));
  push('client bundles (Vite: islands, CSS)', completedAfter(lines, /building client \(vite\)/, /\[vite\] ✓ built in ([\d.]+)(m?s)/));
  push('page render (static routes)', completedAfter(lines, /generating static routes/));
  push('optimized images', completedAfter(lines, /generating optimized images/));
  if (total !== undefined) {
    const timed = phases.slice(phases[0]?.phase.startsWith('start-up') ? 1 : 0).reduce((sum, p) => sum + p.seconds, 0);
    phases.push({ phase: "after the pages: sitemap, preview images copied, service worker (the rest of Astro's total)", seconds: Math.max(0, total - timed) });
  }
  const og = /\[og-images\] (\d+) link-preview images \((\d+) drawn[^)]*\) in (\d+) ms/.exec(output);
  if (og) phases.push({ phase: `link-preview images (${og[1]}, ${og[2]} drawn), beside the phases above`, seconds: Number(og[3]) / 1000, parallel: true });
  return phases;
}

/** Astro's own total ("N page(s) built in Xs"), which the phases above add up to. */
export function astroTotal(colouredOutput: string): number | undefined {
  const output = stripVTControlCharacters(colouredOutput);
  const total = /\[build\] \d+ page\(s\) built in ([\d.]+)(m?s)/.exec(output);
  return total ? seconds(total[1]!, total[2]!) : undefined;
}
