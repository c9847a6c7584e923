// Trails at build time: each trail's GPX file (seo-data/trails/) is read once, parsed with the
// domain parser and summarised with the domain statistics, plus the light geometry the pages need
// (an elevation profile of at most 300 points, a simplified track for the map and its fallback).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TFunction } from 'i18next';
import { seoDataDir } from '~seo-data/dir';
import type { Trail } from '~seo-data/schema';
import { GpxError, parseGpx, type GpxErrorCode } from '../domain/gpx';
import { gpxStats, haversineDistance, statsSegments, type GpxStats } from '../domain/gpx-stats';
import { formatKm, formatMetres } from '../domain/format';
import type { Locale } from '../i18n/index';
import { hreflang } from './head';
import type { SeoTable } from './catalogue';
import type { LatLon } from '../features/customer/trails/track-codec';

/** Most points of the elevation profile (SVG path). */
export const PROFILE_MAX_POINTS = 300;
/** Most points per map segment (island props and SVG fallback). */
export const TRACK_MAX_POINTS = 400;

/** [distance from the start in metres, elevation in metres]. */
export type ProfilePoint = [number, number];
/** [latitude, longitude], rounded to about a metre. */
export type { LatLon };

export interface TrailGeometry {
  stats: GpxStats;
  profile: ProfilePoint[];
  /** One list per track segment. */
  track: LatLon[][];
  minElevation: number | null;
  maxElevation: number | null;
}

/** The trails folder of the SEO table (seo-data/dir.ts). */
export const trailsDir = () => path.join(seoDataDir(), 'trails');

export const readTrailGpx = (trail: Pick<Trail, 'gpx'>, dir = trailsDir()): Promise<string> => readFile(path.join(dir, trail.gpx), 'utf8');

/**
 * A trail whose GPX file cannot be drawn (spec §8 "GPX with no parsable layers"): its pages say so
 * (`trails.gpxError`) in place of the figures, profile and map, and the rest of the site builds.
 */
export interface TrailGpxFailure {
  error: { code: GpxErrorCode; message: string };
}

/** What the trail pages get for a trail: its geometry, or why its GPX file could not be read. */
export type TrailLoad = TrailGeometry | TrailGpxFailure;

export const isTrailFailure = (load: TrailLoad): load is TrailGpxFailure => 'error' in load;

/** Keeps at most `max` items, evenly spaced, always the first and the last. */
export function downsample<T>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  const step = (items.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => items[Math.round(i * step)]);
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

function geometryOf(xml: string): TrailGeometry {
  const gpx = parseGpx(xml);
  const segments = statsSegments(gpx);
  // Profile over the same points as the statistics: segments in order, the jump between two
  // segments adds no distance (as in gpxStats).
  const profile: ProfilePoint[] = [];
  let distance = 0;
  for (const segment of segments) {
    segment.forEach((p, i) => {
      if (i > 0) distance += haversineDistance(segment[i - 1], p);
      if (p.elevation !== null) profile.push([round(distance, 1), round(p.elevation, 1)]);
    });
  }
  const elevations = profile.map(([, e]) => e);
  return {
    stats: gpxStats(gpx),
    profile: downsample(profile, PROFILE_MAX_POINTS),
    track: segments.map((s) => downsample(s, TRACK_MAX_POINTS).map((p): LatLon => [round(p.lat, 5), round(p.lon, 5)])),
    minElevation: elevations.length ? Math.min(...elevations) : null,
    maxElevation: elevations.length ? Math.max(...elevations) : null,
  };
}

/** The geometry, or the parser's GpxError as a failure; any other fault (a missing file) still stops the build. */
function loadOf(file: string, xml: string): TrailLoad {
  try {
    return geometryOf(xml);
  } catch (err) {
    if (!(err instanceof GpxError)) throw err;
    // Said once per file at build time, so the operator finds which trail shows the error.
    console.warn(`[trails] ${file}: ${err.message}`);
    return { error: { code: err.code, message: err.message } };
  }
}

const cache = new Map<string, Promise<TrailLoad>>();

/** Statistics and geometry of a trail, computed from its GPX file (in `dir`) once per build. */
export function trailGeometry(trail: Pick<Trail, 'gpx'>, dir = trailsDir()): Promise<TrailLoad> {
  const file = path.join(dir, trail.gpx);
  let pending = cache.get(file);
  if (!pending) {
    pending = readTrailGpx(trail, dir).then((xml) => loadOf(trail.gpx, xml));
    cache.set(file, pending);
  }
  return pending;
}

/** Trails of a town, in the table's order. */
export const trailsOf = (table: SeoTable, town: string): Trail[] => table.trails.filter((t) => t.town === town);

/** Towns that have at least one trail, with their trails. */
export function trailTowns(table: SeoTable) {
  return table.towns.map((town) => ({ town, trails: trailsOf(table, town.slug) })).filter((entry) => entry.trails.length > 0);
}

/** Site path of a trail's downloadable GPX copy (src/pages/gpx/[file].ts). */
export const gpxHref = (trail: Pick<Trail, 'gpx'>) => `/gpx/${trail.gpx}`;

/** Intl tag of a locale, so en and fr get their own number formats. */
export const intlTag = (locale: Locale) => hreflang[locale];

/** "1 h 05 min" or "45 min", from seconds, with the locale's words. */
export function formatDuration(seconds: number, t: TFunction): string {
  const totalMinutes = Math.round(seconds / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return hours > 0
    ? t('trails.durationHours', { hours, minutes: String(minutes).padStart(2, '0') })
    : t('trails.durationMinutes', { minutes });
}

/** The figures shown for a trail, formatted for the locale: the total time (first to last point, pauses included) beside the moving time. */
export function formattedStats(stats: GpxStats, locale: Locale, t: TFunction) {
  const tag = intlTag(locale);
  return {
    distance: formatKm(stats.distance, tag),
    elevationGain: formatMetres(stats.elevationGain, tag),
    elevationLoss: formatMetres(stats.elevationLoss, tag),
    movingTime: formatDuration(stats.movingTime, t),
    totalTime: formatDuration(stats.totalTime, t),
  };
}
