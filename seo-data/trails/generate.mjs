// Regenerates the trail GPX files of seo-data/trails/ from seo-data/trails.json and the routes below.
// Deterministic: the same input always writes byte-identical files.  Run: node seo-data/trails/generate.mjs
//
// Each route is a list of legs through real anchor points (lat, lon, elevation in metres). A leg is
// smoothed with a Catmull-Rom spline, given a meander (switchbacks, skin-track zigzags, ski turns) and
// then "ridden": speed follows the sport and the gradient, fixes come every 1–5 s with a little GPS
// noise, and the track stops for the pauses listed (gaps longer than the 15 s moving-time threshold).
// A segment break starts a new <trkseg> after a long gap (e.g. a climbing session at the crag).
import { readFileSync, writeFileSync } from 'node:fs';

const here = new URL('./', import.meta.url);
const trails = JSON.parse(readFileSync(new URL('../trails.json', here), 'utf8'));

/** Speed in m/s as a function of the gradient (rise/run), per way of moving. */
const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
const SPEED = {
  skinning: (g) => clamp(0.21 / Math.max(g, 0.12), 0.7, 1.5),
  skiing: (g) => clamp(4 + 25 * Math.abs(g), 4, 9),
  snowshoe: (g) => (g > 0 ? clamp(1.2 - 3.5 * g, 0.55, 1.2) : clamp(1.25 + g, 0.9, 1.25)),
  hiking: (g) => (g > 0 ? clamp(1.35 - 4 * g, 0.6, 1.35) : clamp(1.3 + 1.5 * g, 0.85, 1.3)),
  mtb: (g) => (g > 0 ? clamp(5.5 - 40 * g, 1.5, 5.5) : clamp(6 + 30 * -g, 6, 9)),
  emtb: (g) => (g > 0 ? clamp(6.2 - 25 * g, 2.9, 6.2) : clamp(6 + 30 * -g, 6, 9.5)),
  road: (g) => clamp(6.2 - 40 * g, 4.5, 7.5),
};

// Fix interval range [min, max] seconds, per way of moving (descents are sampled more often).
const INTERVAL = {
  skinning: [5, 5],
  skiing: [3, 5],
  snowshoe: [5, 5],
  hiking: [3, 5],
  mtb: [3, 5],
  emtb: [3, 5],
  road: [4, 5],
};

/**
 * Routes by trail slug. start: UTC start time. legs: anchors [lat, lon, ele], the way of moving,
 * meander amplitude (m) and wavelength (m). stops: [leg index, fraction of the leg, seconds];
 * a stop with newSegment closes the <trkseg>.
 */
const ROUTES = {
  'monte-sises-da-sestriere': {
    type: 'backcountry_skiing',
    start: '2024-02-17T07:50:00Z',
    legs: [
      {
        move: 'skinning',
        meander: [28, 160],
        anchors: [
          [44.9578, 6.8808, 2035], [44.954, 6.886, 2105], [44.95, 6.8905, 2225], [44.9465, 6.895, 2355],
          [44.943, 6.8985, 2480], [44.9405, 6.901, 2590], [44.939, 6.903, 2658],
        ],
      },
      {
        move: 'skiing',
        meander: [22, 70],
        anchors: [
          [44.939, 6.903, 2658], [44.9412, 6.9018, 2585], [44.9438, 6.8998, 2470], [44.9472, 6.8962, 2345],
          [44.9507, 6.8918, 2215], [44.9545, 6.8868, 2100], [44.9576, 6.8812, 2037],
        ],
      },
    ],
    stops: [[0, 0.38, 42], [1, 0, 540]],
  },
  'anello-di-borgata-sestriere': {
    type: 'snowshoeing',
    start: '2024-01-27T10:15:00Z',
    legs: [
      {
        move: 'snowshoe',
        meander: [10, 140],
        anchors: [
          [44.9585, 6.8765, 2033], [44.96, 6.87, 1992], [44.9592, 6.8632, 1925], [44.9566, 6.8568, 1846],
          [44.9542, 6.8618, 1898], [44.9546, 6.8698, 1972], [44.957, 6.8758, 2030],
        ],
      },
    ],
    stops: [[0, 0.2, 35], [0, 0.5, 1260]],
  },
  'anello-del-colle-basset': {
    type: 'mountain_biking',
    start: '2024-07-20T07:30:00Z',
    legs: [
      {
        move: 'mtb',
        meander: [120, 300],
        anchors: [
          [44.959, 6.88, 2035], [44.963, 6.885, 2112], [44.968, 6.889, 2225], [44.972, 6.887, 2335],
          [44.976, 6.8835, 2424],
        ],
      },
      {
        move: 'mtb',
        meander: [60, 260],
        anchors: [
          [44.976, 6.8835, 2424], [44.973, 6.876, 2335], [44.969, 6.872, 2220], [44.964, 6.874, 2120],
          [44.9595, 6.879, 2040],
        ],
      },
    ],
    stops: [[0, 0.55, 75], [1, 0, 300]],
  },
  'pista-ciclabile-del-ponente': {
    type: 'cycling',
    start: '2024-05-11T07:40:00Z',
    legs: [
      {
        move: 'road',
        meander: [7, 450],
        relief: 0.3,
        anchors: [
          [43.799, 7.715, 8], [43.803, 7.729, 12], [43.806, 7.742, 18], [43.811, 7.76, 11], [43.8145, 7.779, 6],
          [43.817, 7.788, 5], [43.8195, 7.805, 9], [43.8235, 7.822, 13], [43.829, 7.848, 7], [43.8365, 7.88, 6],
          [43.8385, 7.897, 8], [43.844, 7.918, 11], [43.8525, 7.962, 6],
        ],
      },
    ],
    stops: [[0, 0.22, 95], [0, 0.62, 260]],
  },
  'falesie-di-san-romolo': {
    type: 'hiking',
    start: '2024-10-12T08:20:00Z',
    legs: [
      {
        move: 'hiking',
        meander: [28, 120],
        anchors: [[43.8565, 7.7425, 786], [43.859, 7.7395, 832], [43.8615, 7.737, 893], [43.8635, 7.7345, 955]],
      },
      {
        move: 'hiking',
        meander: [26, 125],
        anchors: [[43.8635, 7.7345, 955], [43.8614, 7.7372, 890], [43.8589, 7.7397, 830], [43.8566, 7.7423, 787]],
      },
    ],
    stops: [[0, 0.45, 28], [1, 0, 10800, 'newSegment']],
  },
  'anello-del-vallone-san-giovanni': {
    type: 'snowshoeing',
    start: '2024-02-03T09:00:00Z',
    legs: [
      {
        move: 'snowshoe',
        meander: [8, 160],
        anchors: [
          [44.1995, 7.5735, 1010], [44.1968, 7.5655, 1052], [44.1942, 7.5585, 1101], [44.1924, 7.5542, 1138],
          [44.1909, 7.5552, 1130], [44.1925, 7.5608, 1088], [44.1952, 7.5676, 1042], [44.1983, 7.5742, 1012],
        ],
      },
    ],
    stops: [[0, 0.5, 420], [0, 0.8, 22]],
  },
  'forti-del-colle-di-tenda': {
    type: 'e_mountain_biking',
    start: '2024-08-24T07:15:00Z',
    legs: [
      {
        move: 'emtb',
        meander: [12, 200],
        anchors: [
          [44.184, 7.556, 1400], [44.179, 7.562, 1478], [44.175, 7.554, 1556], [44.17, 7.562, 1638],
          [44.165, 7.555, 1716], [44.16, 7.563, 1788], [44.155, 7.558, 1842], [44.151, 7.565, 1871],
          [44.1508, 7.5728, 1908],
        ],
      },
      {
        move: 'emtb',
        meander: [10, 200],
        anchors: [
          [44.1508, 7.5728, 1908], [44.151, 7.565, 1871], [44.155, 7.558, 1842], [44.16, 7.563, 1788],
          [44.165, 7.555, 1716], [44.17, 7.562, 1638], [44.175, 7.554, 1556], [44.179, 7.562, 1478],
          [44.1842, 7.5558, 1401],
        ],
      },
    ],
    stops: [[0, 0.45, 50], [1, 0, 900]],
  },
};

// --- deterministic randomness -----------------------------------------------------------------

function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const hash = (s) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 7);
const gauss = (rnd) => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());

// --- geometry ---------------------------------------------------------------------------------

const M_PER_DEG_LAT = 111_132;
const EARTH_RADIUS_M = 6_371_000;
function haversine(a, b) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}

/** Dense local polyline (x east, y north, m; z elevation) of one leg: spline + meander + relief. */
function legPolyline(leg, origin, rnd) {
  const mPerDegLon = M_PER_DEG_LAT * Math.cos((origin.lat * Math.PI) / 180);
  const pts = leg.anchors.map(([lat, lon, ele]) => ({
    x: (lon - origin.lon) * mPerDegLon,
    y: (lat - origin.lat) * M_PER_DEG_LAT,
    z: ele,
  }));
  const ext = [pts[0], ...pts, pts[pts.length - 1]];
  const spline = [];
  for (let i = 1; i < ext.length - 2; i++) {
    const [p0, p1, p2, p3] = [ext[i - 1], ext[i], ext[i + 1], ext[i + 2]];
    const steps = Math.max(8, Math.round(Math.hypot(p2.x - p1.x, p2.y - p1.y) / 4));
    for (let k = 0; k < steps; k++) {
      const t = k / steps;
      const cr = (a, b, c, d) =>
        0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t * t + (-a + 3 * b - 3 * c + d) * t ** 3);
      const smooth = t * t * (3 - 2 * t);
      spline.push({ x: cr(p0.x, p1.x, p2.x, p3.x), y: cr(p0.y, p1.y, p2.y, p3.y), z: p1.z + (p2.z - p1.z) * smooth });
    }
  }
  spline.push({ ...pts[pts.length - 1] });

  // Meander: a sum of two sines along the arc length, perpendicular to the way, fading at both ends.
  const [amp, wave] = leg.meander;
  const phase = [rnd() * 2 * Math.PI, rnd() * 2 * Math.PI];
  const bumps = [rnd() * 2 * Math.PI, rnd() * 2 * Math.PI];
  let s = 0;
  const total = spline.reduce((acc, p, i) => (i ? acc + Math.hypot(p.x - spline[i - 1].x, p.y - spline[i - 1].y) : 0), 0);
  return spline.map((p, i) => {
    if (i) s += Math.hypot(p.x - spline[i - 1].x, p.y - spline[i - 1].y);
    const a = spline[Math.max(0, i - 1)];
    const b = spline[Math.min(spline.length - 1, i + 1)];
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const fade = Math.min(1, s / (wave / 2), (total - s) / (wave / 2));
    const off =
      amp * fade * (0.8 * Math.sin((2 * Math.PI * s) / wave + phase[0]) + 0.2 * Math.sin((2 * Math.PI * s) / (wave * 2.7) + phase[1]));
    const relief = (leg.relief ?? 1) * (1.5 * Math.sin(s / 160 + bumps[0]) + 0.6 * Math.sin(s / 55 + bumps[1]));
    return { x: p.x - ((b.y - a.y) / len) * off, y: p.y + ((b.x - a.x) / len) * off, z: p.z + relief * fade };
  });
}

/** Position on a polyline (with cumulative distances) at arc length d. */
function at(line, cum, d) {
  let lo = 0;
  let hi = cum.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (cum[mid] <= d) lo = mid;
    else hi = mid;
  }
  const f = cum[hi] > cum[lo] ? (d - cum[lo]) / (cum[hi] - cum[lo]) : 0;
  const [a, b] = [line[lo], line[hi]];
  return { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f, z: a.z + (b.z - a.z) * f };
}

// --- riding -----------------------------------------------------------------------------------

function ride(slug, route) {
  const rnd = mulberry32(hash(slug));
  const [lat0, lon0] = route.legs[0].anchors[0];
  const origin = { lat: lat0, lon: lon0 };
  const mPerDegLon = M_PER_DEG_LAT * Math.cos((lat0 * Math.PI) / 180);
  const toGeo = (p) => ({ lat: lat0 + p.y / M_PER_DEG_LAT, lon: lon0 + p.x / mPerDegLon });

  const segments = [[]];
  let t = Date.parse(route.start) / 1000;
  route.legs.forEach((leg, li) => {
    const line = legPolyline(leg, origin, rnd);
    const cum = [0];
    for (let i = 1; i < line.length; i++) cum.push(cum[i - 1] + Math.hypot(line[i].x - line[i - 1].x, line[i].y - line[i - 1].y));
    const length = cum[cum.length - 1];
    const stops = route.stops.filter(([l]) => l === li).map(([, f, secs, kind]) => ({ d: f * length, secs, kind }));
    const [minDt, maxDt] = INTERVAL[leg.move];
    let d = 0;
    let wobble = 0;
    for (;;) {
      while (stops.length && stops[0].d <= d) {
        const stop = stops.shift();
        t += stop.secs;
        if (stop.kind === 'newSegment' && segments[segments.length - 1].length) segments.push([]);
      }
      const p = at(line, cum, d);
      const geo = toGeo({ x: p.x + 1.6 * gauss(rnd), y: p.y + 1.6 * gauss(rnd) });
      segments[segments.length - 1].push({ ...geo, ele: p.z + 0.25 * gauss(rnd), time: t });
      if (d >= length) break;
      const ahead = at(line, cum, Math.min(length, d + 25));
      const grade = (ahead.z - p.z) / Math.max(1, Math.min(25, length - d));
      wobble = 0.8 * wobble + 0.2 * gauss(rnd);
      const dt = minDt + Math.floor(rnd() * (maxDt - minDt + 1));
      const v = SPEED[leg.move](grade) * (1 + 0.12 * wobble);
      d = Math.min(length, d + v * dt);
      t += dt;
    }
  });
  return segments;
}

// --- GPX --------------------------------------------------------------------------------------

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const iso = (secs) => new Date(secs * 1000).toISOString().replace('.000Z', 'Z');

function gpx(trail, route, segments) {
  const all = segments.flat();
  const lats = all.map((p) => p.lat);
  const lons = all.map((p) => p.lon);
  const year = route.start.slice(0, 4);
  const seg = (pts) =>
    [
      '    <trkseg>',
      ...pts.map(
        (p) =>
          `      <trkpt lat="${p.lat.toFixed(6)}" lon="${p.lon.toFixed(6)}"><ele>${p.ele.toFixed(1)}</ele><time>${iso(p.time)}</time></trkpt>`,
      ),
      '    </trkseg>',
    ].join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="RentAlp seo-data/trails/generate.mjs" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
  <metadata>
    <name>${esc(trail.label)}</name>
    <desc>${esc(trail.description.it)}</desc>
    <author>
      <name>RentAlp</name>
    </author>
    <copyright author="RentAlp">
      <year>${year}</year>
      <license>https://creativecommons.org/licenses/by/4.0/</license>
    </copyright>
    <time>${iso(all[0].time)}</time>
    <bounds minlat="${Math.min(...lats).toFixed(6)}" minlon="${Math.min(...lons).toFixed(6)}" maxlat="${Math.max(...lats).toFixed(6)}" maxlon="${Math.max(...lons).toFixed(6)}"/>
  </metadata>
  <trk>
    <name>${esc(trail.label)}</name>
    <desc>${esc(trail.description.it)}</desc>
    <type>${route.type}</type>
${segments.map(seg).join('\n')}
  </trk>
</gpx>
`;
}

for (const trail of trails) {
  const route = ROUTES[trail.slug];
  if (!route) throw new Error(`no route for trail ${trail.slug}`);
  const segments = ride(trail.slug, route);
  writeFileSync(new URL(trail.gpx, here), gpx(trail, route, segments));
  const pts = segments.flat();
  let km = 0;
  let gain = 0;
  for (let i = 1; i < pts.length; i++) {
    km += haversine(pts[i - 1], pts[i]) / 1000;
    gain += Math.max(0, pts[i].ele - pts[i - 1].ele);
  }
  const minutes = (pts[pts.length - 1].time - pts[0].time) / 60;
  console.log(`${trail.gpx}: ${pts.length} points in ${segments.length} segment(s), ${km.toFixed(1)} km, +${gain.toFixed(0)} m, ${minutes.toFixed(0)} min`);
}
