// `npm run bench:site`, (c) (bench/site.ts): Lighthouse's scores of the sample pages, the median
// of several runs, with the failing audits of a score below 100.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CATEGORIES, CHROME_FLAGS, CHROMIUM, waitForPages, withTimeout, type Category, type PageFigures, type Sample } from './site-pages';

const LIGHTHOUSE_TIMEOUT_MS = 120_000;
/** Lighthouse runs per page; the table shows the median (`BENCH_LIGHTHOUSE_RUNS` to change). */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

interface LighthouseRun {
  scores: Partial<Record<Category, number>>;
  /** Per category below 100: the weighted audits that failed, with their first offending nodes. */
  notes: string[];
}

/** The audit a page kept out of search engines fails by design. */
const CRAWLABLE_AUDIT = 'is-crawlable';

/** (c) Lighthouse scores (0–100) of one URL in an already launched Chromium. */
async function lighthouseRun(url: string, port: number, noindex: boolean): Promise<LighthouseRun> {
  const result = await withTimeout(
    lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] }),
    LIGHTHOUSE_TIMEOUT_MS,
    `Lighthouse ${url}`,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
  const scores: Partial<Record<Category, number>> = {};
  for (const c of CATEGORIES) {
    const score = result.lhr.categories[c]?.score;
    if (typeof score === 'number') scores[c] = Math.round(score * 100);
  }
  const notes: string[] = [];
  if (noindex) {
    // Lighthouse's category score is the weighted mean of its audits: the same without this one.
    const refs = (result.lhr.categories.seo?.auditRefs ?? []).filter((ref) => ref.weight > 0 && ref.id !== CRAWLABLE_AUDIT);
    const scored = refs.map((ref) => ({ weight: ref.weight, score: result.lhr.audits[ref.id]?.score })).filter((r) => typeof r.score === 'number');
    const weights = scored.reduce((sum, r) => sum + r.weight, 0);
    if (weights > 0) scores.seo = Math.round((scored.reduce((sum, r) => sum + r.weight * r.score!, 0) / weights) * 100);
    // A page that should be noindex and is not fails the category outright.
    if (result.lhr.audits[CRAWLABLE_AUDIT]?.score === 1) {
      scores.seo = 0;
      notes.push('seo 0: the page is indexable although it should be noindex');
    }
  }
  for (const c of CATEGORIES) {
    if ((scores[c] ?? 100) >= 100 || (noindex && c === 'seo' && scores.seo === 0)) continue;
    const failing = (result.lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && !(noindex && c === 'seo' && ref.id === CRAWLABLE_AUDIT))
      .map((ref) => result.lhr.audits[ref.id]!)
      .filter((a) => a.score !== null && a.score < 1)
      .map((a) => {
        const items = ((a.details as { items?: { node?: { snippet?: string }; description?: string; url?: string }[] } | undefined)?.items ?? [])
          .map((item) => item.node?.snippet ?? (item.description ? `"${item.description.slice(0, 160)}"` : item.url))
          .filter(Boolean)
          .slice(0, 3);
        return `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}${items.length ? ` on ${items.join(' ')}` : ''}`;
      });
    notes.push(`${c} ${scores[c]}: ${failing.join(', ') || 'no weighted audit below 1'}`);
  }
  return { scores, notes };
}

/**
 * The median of LIGHTHOUSE_RUNS runs per category (performance varies from run to run on a busy
 * machine; the others do not), and the notes of the run with the median performance.
 */
async function lighthouseScores(url: string, port: number, noindex: boolean): Promise<Partial<Record<Category, number>>> {
  const runs: LighthouseRun[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await lighthouseRun(url, port, noindex));
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  const scores: Partial<Record<Category, number>> = {};
  for (const c of CATEGORIES) {
    const values = runs.map((r) => r.scores[c]).filter((v): v is number => v !== undefined);
    if (values.length) scores[c] = median(values);
  }
  const perf = runs.map((r) => r.scores.performance ?? 0);
  const medianRun = runs[perf.indexOf(median([...perf]))]!;
  const spread = runs.length > 1 ? ` (performance over ${runs.length} runs: ${perf.join(', ')})` : '';
  console.log(`  [lighthouse] ${new URL(url).pathname}${spread}${medianRun.notes.length ? '' : ': 100 everywhere in the median run'}`);
  for (const note of medianRun.notes) console.log(`      ${note}`);
  return scores;
}

export async function runLighthouse(base: string, figures: PageFigures[], samples: Sample[]) {
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    chrome = await withTimeout(chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS }), 30_000, 'launching Chromium for Lighthouse');
  } catch (error) {
    for (const f of figures) if (samples.find((s) => s.path === f.path)?.lighthouse && (!f.state || f.state === 'empty')) f.lighthouse = { error: (error as Error).message };
    return;
  }
  try {
    for (const f of figures) {
      // Once per page: Lighthouse starts from empty storage, the empty visit's figures hold it.
      const sample = samples.find((s) => s.path === f.path);
      if (!sample?.lighthouse || (f.state && f.state !== 'empty')) continue;
      const noindex = sample.noindex ?? false;
      try {
        f.lighthouse = await lighthouseScores(base + f.path, chrome.port, noindex);
      } catch (error) {
        // A rebuild of dist/ elsewhere can remove the page for a moment: wait for it, retry once.
        try {
          await waitForPages(base, samples);
          f.lighthouse = await lighthouseScores(base + f.path, chrome.port, noindex);
        } catch {
          f.lighthouse = { error: (error as Error).message };
        }
      }
    }
  } finally {
    chrome.kill();
  }
}
