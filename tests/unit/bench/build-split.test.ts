// bench:build's split of a build's time, read from Astro's own output: an excerpt of a real
// `npm run build` (2026-12-07, 537 pages), the tree of page lines and the bundle listing left out.
import { describe, expect, it } from 'vitest';
import { astroTotal, buildSplit } from '~bench/build-split';

const OUTPUT = `07:04:42 [content] Syncing content
07:04:42 [content] Synced content
07:04:42 [types] Generated 972ms
07:04:42 [build] output: "static"
07:04:42 [build] Collecting build info...
07:04:42 [build] ✓ Completed in 1.15s.
07:04:42 [build] Building static entrypoints...
07:04:49 [vite] ✓ built in 7.01s
07:04:49 [build] ✓ Completed in 7.29s.

 building client (vite)
transforming...
✓ 583 modules transformed.
07:04:51 [vite] ✓ built in 2.37s

 generating static routes
07:04:52 ▶ src/pages/404.astro
07:04:52   └─ /404.html (+278ms)
07:04:56 ✓ Completed in 4.83s.

 generating optimized images
07:04:58 ✓ Completed in 2.07s.

07:04:58 [@astrojs/sitemap] \`sitemap-index.xml\` created at \`dist\`
07:04:58 [og-images] 60 link-preview images (60 drawn, 0 from the cache) in 7019 ms
✓ built in 152ms
07:05:00 [build] 537 page(s) built in 18.93s
07:05:00 [build] Complete!
`;

describe('buildSplit', () => {
  it("takes each phase's time from Astro's lines, the rest of Astro's total after the pages, the start-up from the wall time", () => {
    const split = buildSplit(OUTPUT, 21.5);
    const of = (start: string) => split.find((p) => p.phase.startsWith(start))?.seconds;
    expect(astroTotal(OUTPUT)).toBe(18.93);
    expect(of('start-up')).toBeCloseTo(21.5 - 18.93, 5);
    expect(of('collecting build info')).toBe(1.15);
    // The server bundle's Completed line, not Vite's own "built in" of the same step.
    expect(of('server bundle')).toBe(7.29);
    expect(of('client bundles')).toBe(2.37);
    expect(of('page render')).toBe(4.83);
    expect(of('optimized images')).toBe(2.07);
    expect(of('after the pages')).toBeCloseTo(18.93 - (1.15 + 7.29 + 2.37 + 4.83 + 2.07), 5);
    // The sequential phases add up to the wall time; the preview images ran beside them.
    const sequential = split.filter((p) => !p.parallel).reduce((sum, p) => sum + p.seconds, 0);
    expect(sequential).toBeCloseTo(21.5, 5);
    expect(split.filter((p) => p.parallel)).toEqual([{ phase: 'link-preview images (60, 60 drawn), beside the phases above', seconds: 7.019, parallel: true }]);
  });

  it('leaves out what the output does not say, and the start-up without a wall time', () => {
    const split = buildSplit('07:04:42 [build] Collecting build info...\n07:04:42 [build] ✓ Completed in 850ms.\n');
    expect(split).toEqual([{ phase: 'collecting build info (routes, getStaticPaths)', seconds: 0.85 }]);
  });

  it('reads the lines as Astro prints them, coloured even with FORCE_COLOR=0 and no terminal', () => {
    const E = '\u001b';
    const coloured = [
      `${E}[2m12:41:11${E}[22m ${E}[34m[build]${E}[39m Collecting build info...`,
      `${E}[2m12:41:11${E}[22m ${E}[34m[build]${E}[39m ${E}[32m✓ Completed in 1.10s.${E}[39m`,
      `${E}[2m12:41:11${E}[22m ${E}[34m[build]${E}[39m Building static entrypoints...`,
      `${E}[2m12:41:16${E}[22m ${E}[34m[vite]${E}[39m ${E}[32m✓ built in 4.51s${E}[39m`,
      `${E}[2m12:41:16${E}[22m ${E}[34m[build]${E}[39m ${E}[32m✓ Completed in 4.66s.${E}[39m`,
      `${E}[42m${E}[30m building client (vite) ${E}[39m${E}[49m`,
      `${E}[2m12:41:18${E}[22m ${E}[34m[vite]${E}[39m ${E}[32m✓ built in 1.93s${E}[39m`,
      `${E}[42m${E}[30m generating static routes ${E}[39m${E}[49m`,
      `${E}[2m12:41:22${E}[22m ${E}[32m✓ Completed in 4.50s.`,
      `${E}[39m`,
      `${E}[42m${E}[30m generating optimized images ${E}[39m${E}[49m`,
      `${E}[2m12:41:24${E}[22m ${E}[32m✓ Completed in 1.97s.`,
      `${E}[2m12:41:24${E}[22m ${E}[34m[og-images]${E}[39m 60 link-preview images (60 drawn, 0 from the cache) in 3035 ms`,
      `${E}[2m12:41:25${E}[22m ${E}[34m[build]${E}[39m 537 page(s) built in ${E}[1m15.07s${E}[22m`,
    ].join('\n');
    const split = buildSplit(coloured, 19);
    expect(astroTotal(coloured)).toBe(15.07);
    expect(split.map((p) => [p.phase.split(/[ :(]/)[0], p.seconds])).toEqual([
      ['start-up', expect.closeTo(19 - 15.07, 5)],
      ['collecting', 1.1],
      ['server', 4.66],
      ['client', 1.93],
      ['page', 4.5],
      ['optimized', 1.97],
      ['after', expect.closeTo(15.07 - (1.1 + 4.66 + 1.93 + 4.5 + 1.97), 5)],
      ['link-preview', 3.035],
    ]);
  });
});
