import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GpxSchema } from '../api/contract/gpx';
import { GpxError, hasLayers, parseGpx, parseGpxDocument } from './gpx';

const FIXTURES = fileURLToPath(new URL('../../tests/fixtures/gpx/', import.meta.url));
const PUBLIC = fileURLToPath(new URL('../../../shared/fixtures/gpx-public/', import.meta.url));
const fixture = (name: string) => readFileSync(FIXTURES + name, 'utf8');
const publicFile = (name: string) => readFileSync(PUBLIC + name, 'utf8');
const hasPublic = existsSync(PUBLIC);
if (!hasPublic) console.warn(`SKIPPED public GPX tests: ${PUBLIC} is missing`);

const allPoints = (gpx: ReturnType<typeof parseGpx>) => gpx.tracks.flatMap((t) => t.segments.flatMap((s) => s.points));

describe('parseGpx on the project fixtures', () => {
  it('reads GPX 1.1 metadata, a track with 3 segments and 303 points', () => {
    const gpx = parseGpx(fixture('track-pauses-segments.gpx'));
    expect(gpx).toMatchObject({
      version: '1.1',
      creator: 'RentAlp fixture generator',
      name: 'Giro del Sestriere',
      description: 'Ski touring loop with two pauses and a GPS drop-out',
      author: { name: 'RentAlp', email: 'info@rentalp.example', link: 'https://rentalp.example' },
      copyright: { author: 'RentAlp', year: '2026', license: 'https://creativecommons.org/licenses/by/4.0/' },
      time: '2026-01-10T08:00:00Z',
      routes: [],
      waypoints: [],
    });
    expect(gpx.tracks).toHaveLength(1);
    expect(gpx.tracks[0]).toMatchObject({ name: 'Sestriere loop', type: 'ski_touring', description: null });
    expect(gpx.tracks[0].segments.map((s) => s.points.length)).toEqual([240, 60, 3]);
    const points = allPoints(gpx);
    expect(points[0]).toEqual({
      lat: 44.95,
      lon: 6.88,
      elevation: 2000,
      time: '2026-01-10T08:00:00Z',
      hr: null,
      cad: null,
      atemp: null,
      name: null,
      description: null,
    });
    // i % 10 == 5 in segment 1 (24 points) and all of segment 3 (3 points) have no elevation
    expect(points.filter((p) => p.elevation === null)).toHaveLength(27);
    expect(points[5].elevation).toBeNull();
    expect(points[239]).toMatchObject({ lat: 45.0695, elevation: 2060.5 });
    expect(points[302]).toMatchObject({ lat: 45.2002, lon: 6.91, elevation: null, time: null });
    expect(GpxSchema.parse(gpx)).toEqual(gpx); // the result honours its contract
  });

  it('reads Garmin TrackPointExtension hr/cad/atemp whatever the prefix', () => {
    const points = allPoints(parseGpx(fixture('garmin-extensions.gpx')));
    expect(points.map((p) => [p.hr, p.cad, p.atemp])).toEqual([
      [120, 80, 21.5], // gpxtpx:
      [125, 82, 21], // gpxtpx:, wtemp ignored
      [130, 85, 20.5], // no prefix (default namespace)
      [null, null, null], // no extensions
      [140, null, null], // ns3:, hr only
    ]);
    expect(points[0].time).toBe('2026-06-01T07:00:00.000Z');
  });

  it('reads routes when there are no tracks', () => {
    const gpx = parseGpx(fixture('routes-only.gpx'));
    expect(gpx.tracks).toEqual([]);
    expect(gpx.waypoints).toEqual([]);
    expect(gpx.routes.map((r) => [r.name, r.description, r.points.length])).toEqual([
      ['Anello di Sanremo', 'Planned walk along the coast', 4],
      ['Variante', null, 2],
    ]);
    expect(gpx.routes[0].points.map((p) => [p.lat, p.elevation, p.name])).toEqual([
      [43.8, 10, 'Partenza'],
      [43.81, 20, null],
      [43.82, 15, null],
      [43.83, 30, 'Arrivo'],
    ]);
  });

  it('reads waypoints only, keeping names as text and decoding entities', () => {
    const gpx = parseGpx(fixture('waypoints-only.gpx'));
    expect(gpx.name).toBe('Rifugi della Val Pellice');
    expect(gpx.waypoints.map((w) => [w.name, w.elevation, w.symbol, w.comment, w.description, w.time])).toEqual([
      ['001', null, 'Flag, Blue', null, null, null],
      ['Rifugio Jervis & Co.', 2250, 'Lodge', 'Open June to September', 'Conca del Prà', null],
      ['Sorgente', 1720.5, null, null, null, '2026-08-15T09:30:00Z'],
    ]);
  });

  it('throws a clear error on malformed XML', () => {
    expect(() => parseGpx(fixture('malformed.gpx'))).toThrow(/^Malformed GPX \(XML error at line \d+, column \d+\): /);
    try {
      parseGpx(fixture('malformed.gpx'));
    } catch (error) {
      expect(error).toBeInstanceOf(Error);
      expect(error).toBeInstanceOf(GpxError);
      expect((error as GpxError).code).toBe('malformed');
    }
  });

  it('throws "No parseable layers of type(s)" for a GPX with nothing to draw', () => {
    const xml = fixture('empty.gpx');
    expect(() => parseGpx(xml)).toThrow(/^No parseable layers of type\(s\)/);
    expect(() => parseGpx(xml)).toThrowError(expect.objectContaining({ code: 'no-layers', name: 'GpxError' }));
    const doc = parseGpxDocument(xml); // the document itself is fine
    expect(doc).toMatchObject({ name: 'Nothing yet', description: 'Recorded with the GPS off' });
    expect(doc.tracks[0].segments).toEqual([{ points: [] }]);
    expect(hasLayers(doc)).toBe(false);
  });
});

describe('parseGpx edge cases', () => {
  it.each([
    ['empty string', ''],
    ['plain text', 'not xml at all'],
    ['unclosed root', '<gpx version="1.1">'],
    ['mismatched tags', '<gpx><trk></rte></gpx>'],
  ])('malformed: %s', (_name, xml) => {
    expect(() => parseGpx(xml)).toThrowError(GpxError);
  });

  it.each(['<gpx/>', '<gpx version="1.1"></gpx>', '<?xml version="1.0"?>\n<gpx>  </gpx>'])(
    'an empty <gpx> root has no layers: %j',
    (xml) => {
      expect(() => parseGpx(xml)).toThrow(/^No parseable layers of type\(s\)/);
    },
  );

  it('refuses a well-formed document that is not GPX', () => {
    expect(() => parseGpx('<kml><Document/></kml>')).toThrow(/^Not a GPX file/);
  });

  it('skips points without a usable position and times without a zone stay as written', () => {
    const gpx = parseGpx(
      '<gpx><trk><trkseg><trkpt lat="x" lon="7"/><trkpt lon="7"/><trkpt lat="45" lon="7"><time>2013-01-01T12:00:04</time></trkpt></trkseg></trk></gpx>',
    );
    expect(allPoints(gpx).map((p) => [p.lat, p.lon, p.time])).toEqual([[45, 7, '2013-01-01T12:00:04']]);
  });

  it('reads a GPX 1.0 author, email and url from the root', () => {
    const gpx = parseGpx(
      '<gpx version="1.0"><name>N</name><desc>D</desc><author>Tomo</author><email>t@example.com</email><url>http://x</url><time>2010-01-01T00:00:00Z</time><wpt lat="1" lon="2"/></gpx>',
    );
    expect(gpx).toMatchObject({
      name: 'N',
      description: 'D',
      author: { name: 'Tomo', email: 't@example.com', link: 'http://x' },
      copyright: null,
      time: '2010-01-01T00:00:00Z',
    });
  });

  it('a 1.1 author with only a partial email has no email, an empty author is null', () => {
    const partial = parseGpx('<gpx><metadata><author><name>A</name><email id="x"/></author></metadata><wpt lat="1" lon="2"/></gpx>');
    expect(partial.author).toEqual({ name: 'A', email: null, link: null });
    const empty = parseGpx('<gpx><metadata><author></author></metadata><wpt lat="1" lon="2"/></gpx>');
    expect(empty.author).toBeNull();
  });

  it('a route with points counts as a layer, an empty one does not', () => {
    expect(() => parseGpx('<gpx><rte><name>r</name></rte></gpx>')).toThrow(/^No parseable layers/);
    expect(parseGpx('<gpx><rte><rtept lat="1" lon="2"/></rte></gpx>').routes[0].points).toHaveLength(1);
  });
});

describe.skipIf(!hasPublic)(`public GPX files${hasPublic ? '' : ' (SKIPPED: ../shared/fixtures/gpx-public missing)'}`, () => {
  it('covers every file of the folder', () => {
    expect(readdirSync(PUBLIC).filter((f) => f.endsWith('.gpx')).sort()).toEqual([
      'Mojstrovka.gpx',
      'cerknicko-jezero.gpx',
      'garmin_gpxtpx.gpx',
      'gpx1.0_with_all_fields.gpx',
      'gpx1.1_with_all_fields.gpx',
      'korita-zbevnica.gpx',
    ]);
  });

  it('Mojstrovka.gpx: GPX 1.0, one unnamed track, 184 points with elevation and a pre-1970 time', () => {
    const gpx = parseGpx(publicFile('Mojstrovka.gpx'));
    expect(gpx).toMatchObject({ version: '1.0', name: null, time: '2010-12-14T06:17:04Z', routes: [], waypoints: [] });
    expect(gpx.tracks.map((t) => [t.name, t.segments.map((s) => s.points.length)])).toEqual([[null, [184]]]);
    const points = allPoints(gpx);
    expect(points.every((p) => p.elevation !== null && p.time === '1901-12-13T20:45:52.2073437Z')).toBe(true);
    expect(points[0]).toMatchObject({ lat: 46.434981, lon: 13.748273, elevation: 1614.678 });
  });

  it('korita-zbevnica.gpx: 4 tracks (one empty, one without times) and 2 waypoints without elevation', () => {
    const gpx = parseGpx(publicFile('korita-zbevnica.gpx'));
    expect(gpx.tracks.map((t) => [t.name, t.segments.map((s) => s.points.length)])).toEqual([
      ['03-OCT-10', [0]],
      ['03-OCT-10 #2', [358]],
      ['ACTIVE LOG', [176]],
      ['ACTIVE LOG #2', [337]],
    ]);
    expect(gpx.tracks[1].segments[0].points.every((p) => p.time === null && p.elevation !== null)).toBe(true);
    expect(gpx.tracks[2].segments[0].points.every((p) => p.time !== null)).toBe(true);
    expect(gpx.waypoints.map((w) => [w.name, w.comment, w.description, w.symbol, w.elevation])).toEqual([
      ['001', '02-OCT-10 16:01:13', '02-OCT-10 16:01:13', 'Flag, Blue', null],
      ['002', '03-OCT-10 15:03:30', '03-OCT-10 15:03:30', 'Flag, Blue', null],
    ]);
  });

  it('cerknicko-jezero.gpx: 8 tracks with 296 points and 7 waypoints', () => {
    const gpx = parseGpx(publicFile('cerknicko-jezero.gpx'));
    expect(gpx.tracks.map((t) => t.segments.map((s) => s.points.length))).toEqual([[0], [173], [52], [2], [44], [2], [2], [21]]);
    expect(gpx.tracks.map((t) => t.name)).toEqual(['ACTIVE LOG', ...[2, 3, 4, 5, 6, 7, 8].map((n) => `ACTIVE LOG #${n}`)]);
    expect(allPoints(gpx)).toHaveLength(296);
    expect(allPoints(gpx).every((p) => p.elevation !== null && p.time?.endsWith('Z'))).toBe(true);
    expect(gpx.waypoints).toHaveLength(7);
    expect(gpx.waypoints.map((w) => w.elevation)).toEqual([null, ...Array(6).fill(-0.11438)]);
    expect(gpx.waypoints.map((w) => w.symbol)).toEqual(['Flag, Blue', ...Array(6).fill('City (Small)')]);
    expect(gpx.waypoints[1]).toMatchObject({ name: 'BACK T TH', comment: 'BACK TO THE ROOTS' });
  });

  it('garmin_gpxtpx.gpx: Garmin extension under the ns3 prefix', () => {
    const gpx = parseGpx(publicFile('garmin_gpxtpx.gpx'));
    expect(gpx).toMatchObject({ version: '1.1', creator: 'Garmin Connect', time: '2017-11-19T11:23:07.000Z' });
    expect(gpx.tracks.map((t) => [t.name, t.type])).toEqual([['roadbiking test track', 'road_biking']]);
    expect(allPoints(gpx)).toEqual([
      {
        lat: 43.12346,
        lon: 8.74548,
        elevation: 218.399993896484375,
        time: '2017-11-19T11:23:07.000Z',
        hr: 113,
        cad: 15,
        atemp: 15,
        name: null,
        description: null,
      },
    ]);
  });

  it('gpx1.1_with_all_fields.gpx: every metadata field, 2 waypoints, 2 routes, 2 tracks', () => {
    const gpx = parseGpx(publicFile('gpx1.1_with_all_fields.gpx'));
    expect(gpx).toMatchObject({
      version: '1.1',
      name: 'example name',
      description: 'example description',
      author: { name: 'author name', email: 'aaa@bbb.com', link: 'http://link' },
      copyright: { author: 'gpxauth', year: '2013', license: 'lic' },
      time: '2013-01-01T12:00:00',
    });
    expect(gpx.waypoints.map((w) => [w.lat, w.lon, w.name, w.elevation, w.time, w.comment, w.description, w.symbol])).toEqual([
      [12.3, 45.6, 'example name', 75.1, '2013-01-02T02:03:00Z', 'example cmt', 'example desc', 'example sym'],
      [13.4, 46.7, null, null, null, null, null, null],
    ]);
    expect(gpx.routes.map((r) => [r.name, r.description, r.type, r.points.map((p) => [p.lat, p.lon])])).toEqual([
      ['example name', 'example desc', 'rte type', [[10, 20], [11, 21], [12, 22]]],
      ['second route', 'example desc 2', null, [[13, 23], [14, 24]]],
    ]);
    expect(gpx.routes[0].points[0]).toMatchObject({ elevation: 75.1, time: '2013-01-02T02:03:03Z', name: 'example name r' });
    expect(gpx.tracks.map((t) => [t.name, t.type, t.segments.map((s) => s.points.length)])).toEqual([
      ['example name t', 't', [1, 0]],
      [null, null, []],
    ]);
    // TrackPointExtension hr wins over gpxdata:hr (161); cadence comes from gpxdata:cadence
    expect(gpx.tracks[0].segments[0].points[0]).toEqual({
      lat: 10.1,
      lon: -20.2,
      elevation: 11.1,
      time: '2013-01-01T12:00:04',
      hr: 123,
      cad: 96,
      atemp: null,
      name: 'example name t',
      description: 'example desc t',
    });
  });

  it('gpx1.0_with_all_fields.gpx: root-level name and desc read, but no layers to show', () => {
    const xml = publicFile('gpx1.0_with_all_fields.gpx');
    expect(parseGpxDocument(xml)).toMatchObject({
      version: '1.0',
      creator: 'ExpertGPS 1.1 - http://www.topografix.com',
      name: 'example name',
      description: 'example description',
      author: null,
      tracks: [],
      routes: [],
      waypoints: [],
    });
    expect(() => parseGpx(xml)).toThrow(/^No parseable layers of type\(s\)/);
  });
});
