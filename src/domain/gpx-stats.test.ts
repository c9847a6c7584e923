import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { GpxPoint } from '../api/contract/gpx';
import { parseGpx } from './gpx';
import { gpxStats, gpxTimeMs, haversineDistance, statsSegments } from './gpx-stats';

const FIXTURES = fileURLToPath(new URL('../../tests/fixtures/gpx/', import.meta.url));
const PUBLIC = fileURLToPath(new URL('../../../shared/fixtures/gpx-public/', import.meta.url));
const hasPublic = existsSync(PUBLIC);
const statsOf = (path: string) => gpxStats(parseGpx(readFileSync(path, 'utf8')));

// Along a meridian (or the equator) haversine reduces to R·Δ, so 1° is exactly this many metres.
const METRES_PER_DEGREE = (6_371_000 * Math.PI) / 180;

const pt = (lat: number, lon: number, elevation: number | null = null, time: string | null = null): GpxPoint => ({
  lat,
  lon,
  elevation,
  time,
  hr: null,
  cad: null,
  atemp: null,
  name: null,
  description: null,
});
const track = (...segments: GpxPoint[][]) => ({ name: null, description: null, type: null, segments: segments.map((points) => ({ points })) });
const route = (...points: GpxPoint[]) => ({ name: null, description: null, type: null, points });

describe('haversineDistance (Earth radius 6371 km)', () => {
  it.each([
    [pt(0, 0), pt(0, 1), METRES_PER_DEGREE], // 1° along the equator
    [pt(45, 7), pt(46, 7), METRES_PER_DEGREE], // 1° along a meridian
    [pt(45, 7), pt(45, 7), 0],
    [pt(0, 0), pt(0, 180), Math.PI * 6_371_000], // antipodes: half the circumference
    [pt(90, 0), pt(-90, 0), Math.PI * 6_371_000],
  ])('%j → %j', (a, b, expected) => {
    expect(haversineDistance(a, b)).toBeCloseTo(expected, 6);
  });

  it('on a parallel the distance shrinks with cos(latitude)', () => {
    // half-angle haversine at 60°N for 1° of longitude: 2R·asin(cos 60° · sin 0.5°)
    const expected = 2 * 6_371_000 * Math.asin(0.5 * Math.sin(Math.PI / 360));
    expect(haversineDistance(pt(60, 0), pt(60, 1))).toBeCloseTo(expected, 6);
    expect(haversineDistance(pt(60, 0), pt(60, 1))).toBeCloseTo(METRES_PER_DEGREE / 2, -1);
  });
});

describe('gpxTimeMs', () => {
  it.each<[string | null, number | null]>([
    ['2026-01-10T08:00:00Z', Date.UTC(2026, 0, 10, 8)],
    ['2026-01-10T08:00:00.500Z', Date.UTC(2026, 0, 10, 8, 0, 0, 500)],
    ['2026-01-10T09:00:00+01:00', Date.UTC(2026, 0, 10, 8)],
    ['2026-01-10T08:00:00', Date.UTC(2026, 0, 10, 8)], // no zone: UTC, not device time
    ['2026-01-10T08:00', Date.UTC(2026, 0, 10, 8)],
    ['1901-12-13T20:45:52.2073437Z', Date.UTC(1901, 11, 13, 20, 45, 52, 207)], // 7 fraction digits
    ['garbage', null],
    ['', null],
    [null, null],
  ])('%j → %j', (time, expected) => {
    expect(gpxTimeMs(time)).toBe(expected);
  });
});

describe('gpxStats on the project fixtures', () => {
  it('track-pauses-segments.gpx: per-segment distance, skipped elevations, pauses over 15 s', () => {
    const stats = statsOf(FIXTURES + 'track-pauses-segments.gpx');
    // 239 steps of 0.0005°, 59 of 0.001°, 2 of 0.0001°; the jumps between segments do not count
    expect(stats.distance).toBeCloseTo((239 * 0.0005 + 59 * 0.001 + 2 * 0.0001) * METRES_PER_DEGREE, 4);
    // segment 1 climbs 2000 → 2120 then drops to 2060.5; segment 2 goes 2000/2003 30 times up, 29 down
    expect(stats.elevationGain).toBeCloseTo(120 + 30 * 3, 9);
    expect(stats.elevationLoss).toBeCloseTo(59.5 + 29 * 3, 9);
    // segment 1: 237 steps of 5 s (120 s and 300 s are pauses); segment 2: 57 × 10 s + 15 s (16 s is a pause)
    expect(stats.movingTime).toBe(237 * 5 + 57 * 10 + 15);
    // 1605 s of segment 1, 3600 s between segments, 601 s of segment 2
    expect(stats.totalTime).toBe(1605 + 3600 + 601);
  });

  it('garmin-extensions.gpx: 4 steps of 0.0001°, one second each', () => {
    const stats = statsOf(FIXTURES + 'garmin-extensions.gpx');
    expect(stats.distance).toBeCloseTo(4 * 0.0001 * METRES_PER_DEGREE, 6);
    expect(stats).toMatchObject({ elevationGain: 2, elevationLoss: 0.5, movingTime: 4, totalTime: 4 });
  });

  it('routes-only.gpx: routes count when there are no tracks, each route on its own', () => {
    const stats = statsOf(FIXTURES + 'routes-only.gpx');
    expect(stats.distance).toBeCloseTo((3 * 0.01 + 0.05) * METRES_PER_DEGREE, 4);
    expect(stats).toMatchObject({ elevationGain: 25, elevationLoss: 5, movingTime: 0, totalTime: 0 });
  });

  it('waypoints-only.gpx: waypoints are places, not a path', () => {
    expect(statsOf(FIXTURES + 'waypoints-only.gpx')).toEqual({
      distance: 0,
      elevationGain: 0,
      elevationLoss: 0,
      movingTime: 0,
      totalTime: 0,
    });
  });
});

describe('gpxStats rules', () => {
  it('uses tracks when they have points and ignores routes then', () => {
    const gpx = { tracks: [track([pt(0, 0), pt(0, 1)])], routes: [route(pt(10, 0), pt(20, 0))] };
    expect(gpxStats(gpx).distance).toBeCloseTo(METRES_PER_DEGREE, 6);
    expect(statsSegments(gpx)).toHaveLength(1);
  });

  it('falls back to routes when every track is empty', () => {
    const gpx = { tracks: [track([])], routes: [route(pt(10, 0), pt(11, 0)), route()] };
    expect(gpxStats(gpx).distance).toBeCloseTo(METRES_PER_DEGREE, 6);
  });

  it.each<[string, (string | null)[], number, number]>([
    ['15 s exactly is moving', ['T08:00:00Z', 'T08:00:15Z'], 15, 15],
    ['16 s is a pause', ['T08:00:00Z', 'T08:00:16Z'], 0, 16],
    ['untimed points are skipped between timed ones', ['T08:00:00Z', null, 'T08:00:10Z'], 10, 10],
    ['a gap across an untimed point is judged on the timed ones', ['T08:00:00Z', null, 'T08:00:20Z'], 0, 20],
    ['time going backwards is not moving', ['T08:00:10Z', 'T08:00:00Z'], 0, 10],
    ['equal times add nothing', ['T08:00:00Z', 'T08:00:00Z'], 0, 0],
    ['no times at all', [null, null], 0, 0],
  ])('%s', (_name, times, moving, total) => {
    const points = times.map((t, i) => pt(45 + i * 0.0001, 7, null, t && `2026-01-10${t}`));
    expect(gpxStats({ tracks: [track(points)], routes: [] })).toMatchObject({ movingTime: moving, totalTime: total });
  });

  it('elevation gain and loss skip points without elevation and do not cross segments', () => {
    const gpx = {
      tracks: [track([pt(0, 0, 100), pt(0, 0, null), pt(0, 0, 110), pt(0, 0, 105)], [pt(0, 0, 500), pt(0, 0, 520)])],
      routes: [],
    };
    expect(gpxStats(gpx)).toMatchObject({ elevationGain: 10 + 20, elevationLoss: 5 });
  });

  it('moving time does not cross segments, total time spans first to last timestamp', () => {
    const gpx = {
      tracks: [
        track([pt(0, 0, null, '2026-01-10T08:00:00Z'), pt(0, 0, null, '2026-01-10T08:00:05Z')]),
        track([pt(0, 0, null, '2026-01-10T08:00:10Z'), pt(0, 0, null, '2026-01-10T08:00:12Z')]),
      ],
      routes: [],
    };
    expect(gpxStats(gpx)).toMatchObject({ movingTime: 7, totalTime: 12 });
  });

  it('is all zero without tracks or routes', () => {
    expect(gpxStats({ tracks: [], routes: [] })).toEqual({
      distance: 0,
      elevationGain: 0,
      elevationLoss: 0,
      movingTime: 0,
      totalTime: 0,
    });
  });
});

// Expected values computed independently with Python's xml.etree and the same formulas.
describe.skipIf(!hasPublic)(`gpxStats on public files${hasPublic ? '' : ' (SKIPPED: ../shared/fixtures/gpx-public missing)'}`, () => {
  it.each([
    ['Mojstrovka.gpx', 2697.622943198124, 482.58984000000055, 453.7557600000007, 0, 0],
    ['cerknicko-jezero.gpx', 4575.01263349746, 252.82641199999995, 118.72289799999987, 1578, 7190],
    ['korita-zbevnica.gpx', 14897.06275765237, 901.2338890000004, 907.4826690000003, 4117, 13381],
    ['garmin_gpxtpx.gpx', 0, 0, 0, 0, 0],
    ['gpx1.1_with_all_fields.gpx', 0, 0, 0, 0, 0],
  ])('%s', (file, distance, gain, loss, moving, total) => {
    const stats = statsOf(PUBLIC + file);
    expect(stats.distance).toBeCloseTo(distance, 6);
    expect(stats.elevationGain).toBeCloseTo(gain, 6);
    expect(stats.elevationLoss).toBeCloseTo(loss, 6);
    expect(stats.movingTime).toBe(moving);
    expect(stats.totalTime).toBe(total);
  });
});
