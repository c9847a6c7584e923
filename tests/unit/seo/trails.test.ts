// Trails at build time (src/seo/trails.ts): the figures a trail page shows, the total time beside
// the moving time (spec §1).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getT } from '../../../src/i18n/server';
import { formattedStats, trailGeometry } from '../../../src/seo/trails';
import { parseGpx } from '../../../src/domain/gpx';
import { gpxStats } from '../../../src/domain/gpx-stats';

const PROJECT_GPX = path.join(process.cwd(), 'tests/fixtures/gpx');

describe('the figures of a trail', () => {
  it('say the total time (pauses included) beside the moving time', async () => {
    const stats = gpxStats(parseGpx(readFileSync(path.join(PROJECT_GPX, 'track-pauses-segments.gpx'), 'utf8')));
    // 1605 s + 3600 s between the segments + 601 s, against 1800 s in motion (src/domain/gpx-stats.test.ts)
    expect(stats.totalTime).toBe(5806);
    const it = formattedStats(stats, 'it', getT('it'));
    expect(it).toMatchObject({ movingTime: '30 min', totalTime: '1 h 37 min' });
    expect(formattedStats(stats, 'en', getT('en')).totalTime).toBe('1 h 37 min');
  });

  it('of a site trail: the total time is at least the moving time', async () => {
    const { stats } = await trailGeometry({ gpx: 'monte-sises-da-sestriere.gpx' });
    expect(stats.totalTime).toBeGreaterThanOrEqual(stats.movingTime);
    expect(stats.movingTime).toBeGreaterThan(0);
  });
});
