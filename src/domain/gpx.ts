// GPX parsing (spec §1, §3 "GPX data", §8). fast-xml-parser is pure JS, so this runs the same in
// the browser, in Astro at build time and in Node tests, with no DOM.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type {
  Gpx,
  GpxAuthor,
  GpxCopyright,
  GpxPoint,
  GpxRoute,
  GpxTrack,
  GpxWaypoint,
} from '../api/contract/gpx';

export type GpxErrorCode = 'malformed' | 'not-gpx' | 'no-layers';

export class GpxError extends Error {
  constructor(
    message: string,
    readonly code: GpxErrorCode,
  ) {
    super(message);
    this.name = 'GpxError';
  }
}

export const NO_LAYERS_MESSAGE = 'No parseable layers of type(s) trk, rte, wpt';

type Node = Record<string, unknown>;

// Always arrays, so one <trk> and many <trk> read the same way.
const LIST_TAGS = new Set(['trk', 'trkseg', 'trkpt', 'rte', 'rtept', 'wpt']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Extension prefixes vary (gpxtpx:, ns3:, none): drop them and match local names.
  removeNSPrefix: true,
  // Keep text as written: a waypoint named "001" must not become 1.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (tagName) => LIST_TAGS.has(tagName),
});

function asNode(value: unknown): Node | undefined {
  const one = Array.isArray(value) ? value[0] : value;
  return one !== null && typeof one === 'object' ? (one as Node) : undefined;
}

function list(value: unknown): Node[] {
  if (!Array.isArray(value)) return [];
  // An empty element (<trkseg></trkseg>) parses as '': keep it as an empty node.
  return value.map((v) => (v !== null && typeof v === 'object' ? (v as Node) : {}));
}

/** Text of an element, first one when repeated (e.g. two <name> in an author); null when empty. */
function text(value: unknown): string | null {
  const one = Array.isArray(value) ? value[0] : value;
  const raw = one !== null && typeof one === 'object' ? (one as Node)['#text'] : one;
  if (raw === undefined || raw === null) return null;
  const s = String(raw).trim();
  return s === '' ? null : s;
}

function num(value: unknown): number | null {
  const s = text(value);
  if (s === null) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

// Garmin TrackPointExtension (v1/v2) first; ClueTrust gpxdata elements as a fallback.
function extensionValues(extensions: Node | undefined): Pick<GpxPoint, 'hr' | 'cad' | 'atemp'> {
  const tpe = asNode(extensions?.TrackPointExtension);
  return {
    hr: num(tpe?.hr) ?? num(extensions?.hr),
    cad: num(tpe?.cad) ?? num(extensions?.cadence),
    atemp: num(tpe?.atemp) ?? num(extensions?.temp),
  };
}

function point(node: Node): GpxPoint | null {
  const lat = num(node['@_lat']);
  const lon = num(node['@_lon']);
  if (lat === null || lon === null) return null; // a point without a position cannot be drawn
  return {
    lat,
    lon,
    elevation: num(node.ele),
    time: text(node.time),
    ...extensionValues(asNode(node.extensions)),
    name: text(node.name),
    description: text(node.desc),
  };
}

function points(nodes: unknown): GpxPoint[] {
  return list(nodes)
    .map(point)
    .filter((p): p is GpxPoint => p !== null);
}

function waypoint(node: Node): GpxWaypoint | null {
  const p = point(node);
  return p && { ...p, comment: text(node.cmt), symbol: text(node.sym) };
}

function track(node: Node): GpxTrack {
  return {
    name: text(node.name),
    description: text(node.desc),
    type: text(node.type),
    segments: list(node.trkseg).map((seg) => ({ points: points(seg.trkpt) })),
  };
}

function route(node: Node): GpxRoute {
  return { name: text(node.name), description: text(node.desc), type: text(node.type), points: points(node.rtept) };
}

function linkHref(value: unknown): string | null {
  return text(asNode(value)?.['@_href']) ?? text(value);
}

// GPX 1.1 keeps these in <metadata>; GPX 1.0 puts name, desc, author, email, url, time on <gpx>.
function author(source: Node): GpxAuthor | null {
  const person = asNode(source.author);
  const email = asNode(person?.email);
  const result: GpxAuthor = person
    ? { name: text(person.name), email: email ? joinEmail(email) : text(person.email), link: linkHref(person.link) }
    : { name: text(source.author), email: text(source.email), link: text(source.url) };
  return result.name || result.email || result.link ? result : null;
}

function joinEmail(email: Node): string | null {
  const id = text(email['@_id']);
  const domain = text(email['@_domain']);
  return id && domain ? `${id}@${domain}` : null;
}

function copyright(meta: Node | undefined): GpxCopyright | null {
  const node = asNode(meta?.copyright);
  if (!node) return null;
  return { author: text(node['@_author']), year: text(node.year), license: text(node.license) };
}

/** Parses a GPX 1.0 or 1.1 document without requiring any layer; throws GpxError on bad XML. */
export function parseGpxDocument(xml: string): Gpx {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    throw new GpxError(`Malformed GPX (XML error at line ${line}, column ${col}): ${msg}`, 'malformed');
  }
  const parsed = parser.parse(xml) as Node;
  if (!('gpx' in parsed)) throw new GpxError('Not a GPX file: the root element is not <gpx>', 'not-gpx');
  const root = asNode(parsed.gpx) ?? {}; // <gpx/> parses as '': a GPX with nothing in it
  const meta = asNode(root.metadata);
  const source = meta ?? root;
  return {
    version: text(root['@_version']),
    creator: text(root['@_creator']),
    name: text(source.name),
    description: text(source.desc),
    author: author(source),
    copyright: copyright(meta),
    time: text(source.time),
    tracks: list(root.trk).map(track),
    routes: list(root.rte).map(route),
    waypoints: list(root.wpt)
      .map(waypoint)
      .filter((w): w is GpxWaypoint => w !== null),
  };
}

/** True when the file has something to draw: a track or route point, or a waypoint. */
export function hasLayers(gpx: Pick<Gpx, 'tracks' | 'routes' | 'waypoints'>): boolean {
  return (
    gpx.waypoints.length > 0 ||
    gpx.routes.some((r) => r.points.length > 0) ||
    gpx.tracks.some((t) => t.segments.some((s) => s.points.length > 0))
  );
}

/**
 * Parses a GPX file. Throws a GpxError for malformed XML, and one whose message starts
 * "No parseable layers of type(s)" when there is no track, route or waypoint to show.
 */
export function parseGpx(xml: string): Gpx {
  const gpx = parseGpxDocument(xml);
  if (!hasLayers(gpx)) throw new GpxError(NO_LAYERS_MESSAGE, 'no-layers');
  return gpx;
}
