// Track statistics (spec §1, §9): haversine distance on a 6371 km sphere, raw elevation gain and
// loss, moving time (gaps over 15 s are pauses) and total time.
import type { Gpx, GpxPoint, GpxStats } from '../api/contract/gpx';

export type { GpxStats } from '../api/contract/gpx';

/** Points further apart in time than this are a pause, not moving time. */
export const GPX_MOVING_GAP_SECONDS = 15;
export const EARTH_RADIUS_M = 6_371_000;

type LatLon = Pick<GpxPoint, 'lat' | 'lon'>;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres. */
export function haversineDistance(a: LatLon, b: LatLon): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLon = toRadians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * GPX times are UTC; a time written without a zone is read as UTC too (not device time), and
 * fractions beyond milliseconds are cut so every engine parses them. null when unreadable.
 */
export function gpxTimeMs(time: string | null | undefined): number | null {
  if (!time) return null;
  let iso = time.trim().replace(/(\.\d{3})\d+/, '$1');
  if (/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(iso)) iso += 'Z';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * The point sequences stats are computed on: track segments when any track has points, else the
 * routes (a planned route still has a length). Waypoints are places, not a path: never counted.
 */
export function statsSegments(gpx: Pick<Gpx, 'tracks' | 'routes'>): GpxPoint[][] {
  const segments = gpx.tracks.flatMap((t) => t.segments.map((s) => s.points)).filter((p) => p.length > 0);
  return segments.length > 0 ? segments : gpx.routes.map((r) => r.points).filter((p) => p.length > 0);
}

export function gpxStats(gpx: Pick<Gpx, 'tracks' | 'routes'>): GpxStats {
  let distance = 0;
  let elevationGain = 0;
  let elevationLoss = 0;
  let movingTime = 0;
  let firstMs = Infinity;
  let lastMs = -Infinity;

  // Each segment stands alone: the jump between two segments is neither distance, climb nor motion.
  for (const segment of statsSegments(gpx)) {
    let previousElevation: number | null = null;
    let previousMs: number | null = null;
    segment.forEach((p, i) => {
      if (i > 0) distance += haversineDistance(segment[i - 1], p);
      if (p.elevation !== null) {
        if (previousElevation !== null) {
          const climb = p.elevation - previousElevation;
          if (climb > 0) elevationGain += climb;
          else elevationLoss -= climb;
        }
        previousElevation = p.elevation;
      }
      const ms = gpxTimeMs(p.time);
      if (ms !== null) {
        if (previousMs !== null) {
          const gapSeconds = (ms - previousMs) / 1000;
          if (gapSeconds > 0 && gapSeconds <= GPX_MOVING_GAP_SECONDS) movingTime += gapSeconds;
        }
        previousMs = ms;
        firstMs = Math.min(firstMs, ms);
        lastMs = Math.max(lastMs, ms);
      }
    });
  }

  return {
    distance,
    elevationGain,
    elevationLoss,
    movingTime,
    totalTime: lastMs > firstMs ? (lastMs - firstMs) / 1000 : 0,
  };
}
