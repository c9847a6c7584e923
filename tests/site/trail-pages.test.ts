// The built trail pages (dist/sentiero/<slug>/, three locales): their figures show the GPX total
// time next to the moving time (spec §1), the values the build computed from each trail's file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSeoData } from '~seo-data/schema';
import { getT } from '~/i18n/server';
import { formattedStats, isTrailFailure, trailGeometry } from '~/seo/trails';
import { LOCALES, decode, siteDir, useBuiltSite } from './dist';

useBuiltSite();
const { trails } = loadSeoData();

/** The [term, value] pairs of the page's figures list, as text. */
function figures(html: string): [string, string][] {
  const list = /<dl class="trail-stats"[^>]*>([\s\S]*?)<\/dl>/.exec(html)?.[1] ?? '';
  const text = (s: string) => decode(s.replace(/<svg[\s\S]*?<\/svg>/g, '').replace(/<[^>]+>/g, '')).trim();
  return [...list.matchAll(/<dt[^>]*>([\s\S]*?)<\/dt>\s*<dd[^>]*>([\s\S]*?)<\/dd>/g)].map(([, dt, dd]) => [text(dt!), text(dd!)]);
}

describe('trail pages', () => {
  it.each(LOCALES)('show the total time next to the moving time (%s)', async (locale) => {
    const t = getT(locale);
    for (const trail of trails) {
      const load = await trailGeometry(trail);
      if (isTrailFailure(load)) throw new Error(`${trail.gpx}: ${load.error.message}`);
      const expected = formattedStats(load.stats, locale, t);
      const file = path.join(siteDir(), locale === 'it' ? '' : locale, 'sentiero', trail.slug, 'index.html');
      const shown = figures(readFileSync(file, 'utf8'));
      const labels = shown.map(([term]) => term);
      const moving = labels.indexOf(t('trails.stats.movingTime'));
      expect(moving, `${trail.slug} (${locale})`).toBeGreaterThanOrEqual(0);
      expect(shown[moving + 1], `${trail.slug} (${locale})`).toEqual([t('trails.stats.totalTime'), expected.totalTime]);
    }
  });
});
