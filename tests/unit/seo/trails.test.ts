// Trails at build time (src/seo/trails.ts): the figures a trail page shows, the total time beside
// the moving time (spec §1), and a GPX file with nothing to draw turned into the page's error
// state instead of a failed build (spec §8), read from fixtures rather than the site's trails.
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { NO_LAYERS_MESSAGE } from '~/domain/gpx';
import { getT } from '~/i18n/server';
import { formattedStats, isTrailFailure, trailGeometry, type TrailLoad } from '~/seo/trails';

const BROKEN_TRAILS = path.join(process.cwd(), 'tests/fixtures/gpx-trails');
const PROJECT_GPX = path.join(process.cwd(), 'tests/fixtures/gpx');

function geometry(load: TrailLoad) {
  if (isTrailFailure(load)) throw new Error(`unexpected failure: ${load.error.message}`);
  return load;
}

describe('the figures of a trail', () => {
  it('say the total time (pauses included) beside the moving time', async () => {
    const { stats } = geometry(await trailGeometry({ gpx: 'track-pauses-segments.gpx' }, PROJECT_GPX));
    // 1605 s + 3600 s between the segments + 601 s, against 1800 s in motion (src/domain/gpx-stats.test.ts)
    expect(stats.totalTime).toBe(5806);
    const it = formattedStats(stats, 'it', getT('it'));
    expect(it).toMatchObject({ movingTime: '30 min', totalTime: '1 h 37 min' });
    expect(formattedStats(stats, 'en', getT('en')).totalTime).toBe('1 h 37 min');
  });

  it('of a site trail: the total time is at least the moving time', async () => {
    const { stats } = geometry(await trailGeometry({ gpx: 'monte-sises-da-sestriere.gpx' }));
    expect(stats.totalTime).toBeGreaterThanOrEqual(stats.movingTime);
    expect(stats.movingTime).toBeGreaterThan(0);
  });
});

describe('a trail whose GPX file cannot be drawn', () => {
  it('loads as an error (no parseable layers), said once at build time, and the next trail still loads', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = await trailGeometry({ gpx: 'no-layers.gpx' }, BROKEN_TRAILS);
    expect(load).toEqual({ error: { code: 'no-layers', message: NO_LAYERS_MESSAGE } });
    expect(warn).toHaveBeenCalledWith(`[trails] no-layers.gpx: ${NO_LAYERS_MESSAGE}`);
    warn.mockRestore();
    expect(isTrailFailure(await trailGeometry({ gpx: 'routes-only.gpx' }, PROJECT_GPX))).toBe(false);
  });

  it('malformed XML is an error state too', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = await trailGeometry({ gpx: 'malformed.gpx' }, PROJECT_GPX);
    expect(isTrailFailure(load) && load.error.code).toBe('malformed');
    vi.restoreAllMocks();
  });

  it('a missing file still stops the build (the trail table names a file that is not there)', async () => {
    await expect(trailGeometry({ gpx: 'not-there.gpx' }, BROKEN_TRAILS)).rejects.toThrow(/ENOENT/);
  });

  it('the error the page shows is in the three languages', () => {
    for (const locale of ['it', 'en', 'fr'] as const) expect(getT(locale)('trails.gpxError')).not.toBe('trails.gpxError');
  });
});
