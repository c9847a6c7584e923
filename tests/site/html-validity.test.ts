// HTML validity of the built site: html-validate's recommended preset on one page of each type, in
// the three locales, must report no error. Types that are still being built (trails, footer and
// utility pages) are skipped, with a note, while no page of theirs exists in dist/.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { HtmlValidate, type Message } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { loadSeoData } from '~seo-data/schema';
import { footerPages } from '~/seo/footer-pages';
import { LOCALES, siteDir, useBuiltSite, type Locale } from './dist';

useBuiltSite();
const data = loadSeoData();
// The recommended preset, minus formatting preferences on which the two renderers of the pages
// disagree (both forms are valid HTML); nothing else is relaxed.
const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    // React's server renderer (the islands) writes React's attribute names, e.g. noValidate,
    // autoComplete; HTML attribute names are case-insensitive.
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // React writes boolean attributes as `novalidate=""`, Astro as `hidden`.
    'attribute-boolean-style': 'off',
    // React self-closes void elements (`<input/>`), Astro does not (`<br>`).
    'void-style': 'off',
  },
});

/**
 * Astro's island runtime writes this rule where the first island of a page is (in the body, where
 * html-validate does not allow `<style>`); no page can move it, so it is left out of the check.
 */
const ASTRO_ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

const shop = data.shops[0]!;
const town = data.towns.find((t) => t.slug === shop.town)!;
const sport = shop.sports[0]!;
const trail = data.trails[0]!;

/** A page type and the candidate paths (without locale prefix) of its sample; the first built one is used. */
const samples: { type: string; candidates: string[]; optional?: boolean }[] = [
  { type: 'home', candidates: [''] },
  { type: 'rentals', candidates: ['noleggi'] },
  { type: 'town', candidates: [`noleggi/${town.slug}`] },
  { type: 'category', candidates: [sport] },
  { type: 'category×town', candidates: [`${sport}/${town.slug}`] },
  { type: 'shop', candidates: [`noleggio/${shop.slug}`] },
  { type: 'booking: products', candidates: [`prenota/${shop.slug}`] },
  { type: 'booking: calendar', candidates: [`prenota/${shop.slug}/calendar`] },
  { type: 'booking: order', candidates: [`prenota/${shop.slug}/order`] },
  { type: 'trail list', candidates: ['sentieri', `sentieri/${trail.town}`], optional: true },
  { type: 'trail', candidates: [`sentiero/${trail.slug}`], optional: true },
  { type: 'footer page', candidates: footerPages.map((p) => p.slug), optional: true },
  {
    type: 'noindex utility page',
    candidates: ['download', 'lang', 'pair', 'index-keep', 'user/signup', 'user/reset', 'login', 'orders'],
    optional: true,
  },
  { type: '404', candidates: ['404'] },
];

function fileFor(locale: Locale, p: string): string {
  if (p === '404' && locale === 'it') return '404.html';
  return [locale === 'it' ? '' : locale, p, 'index.html'].filter(Boolean).join('/');
}

const format = (file: string, m: Message) => `dist/${file}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`;

describe('html-validate (recommended preset), 0 errors', () => {
  for (const { type, candidates, optional } of samples)
    for (const locale of LOCALES)
      it(`${type} (${locale})`, async (ctx) => {
        const file = candidates.map((p) => fileFor(locale, p)).find((f) => existsSync(path.join(siteDir(), f)));
        if (!file) {
          if (optional) {
            ctx.skip(`no ${type} is built yet (${candidates.map((p) => fileFor(locale, p)).join(', ')})`);
            return;
          }
          expect.fail(`dist/${fileFor(locale, candidates[0]!)} is missing`);
        }
        const html = readFileSync(path.join(siteDir(), file), 'utf8').replace(ASTRO_ISLAND_STYLE, '');
        const report = await validator.validateString(html, `dist/${file}`);
        const errors = report.results.flatMap((r) => r.messages).filter((m) => m.severity === 2);
        expect(errors.map((m) => format(file, m))).toEqual([]);
      });
});
