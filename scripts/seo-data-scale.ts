// Writes a synthetic SEO network N times the committed one, to build and seed a larger site than
// the real table (seo-data/README.md, "A larger network"): `npm run seo-data:scale -- --factor 10
// --out /tmp/net10`, then SEO_DATA_DIR=/tmp/net10 for the build and the API.
//
// Copy 1 is the source table as it is, so factor 1 gives the committed network. Copy k (k ≥ 2) of
// every town, shop and trail is named "{label} k" (slug "{slug}-k"), its town moved a few
// kilometres at random, its shops and trails moved with it; a shop keeps its sports, season and
// hours (they are what its pages' texts say) and gets its own street number, phone and e-mail.
// Every page of a town, shop or trail is copied with the names in its texts changed, so titles and
// descriptions stay unique; the sport pages and the two indexes exist once. The catalogue is per
// sport, so every shop of a copy rents what its original rents. Random numbers come from a PRNG
// seeded per copy: the same factor writes the same bytes, and a larger factor the same copies plus more.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadCatalogue } from '../seo-data/catalogue';
import { seoDataDir } from '../seo-data/dir';
import { DESCRIPTION_MAX, loadSeoData, TITLE_MAX, type Page, type PageMeta, type Shop, type Town, type Trail } from '../seo-data/schema';
import { slugify } from '../src/domain/slug';

/** Where the copies may go: the Alps and the Riviera, as the committed towns are. */
export const BOUNDS = { lat: [43.5, 46.5], lon: [6.5, 12] } as const;
/** How far a copied town may move from its original, in degrees (about 8 km north–south). */
const TOWN_JITTER = 0.07;
/** How far a copied shop may move from where its town's move puts it, in degrees (a few hundred metres). */
const SHOP_JITTER = 0.003;

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const clamp = (v: number, [lo, hi]: readonly [number, number]) => Math.min(hi, Math.max(lo, v));
const round = (v: number, decimals: number) => Number(v.toFixed(decimals));
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The copy's name: "{label} k" (copy 1 keeps its name). */
const copyLabel = (label: string, copy: number) => (copy === 1 ? label : `${label} ${copy}`);

/** Replaces whole-word occurrences of each key (longest first) by its value, in one pass. */
function renamer(names: Map<string, string>): (text: string) => string {
  const keys = [...names.keys()].filter((k) => names.get(k) !== k).sort((a, b) => b.length - a.length);
  if (keys.length === 0) return (text) => text;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${keys.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  return (text) => text.replace(pattern, (match) => names.get(match)!);
}

/** The text cut at a word so that it and `tail` fit in `max` characters. */
function fit(text: string, max: number, tail = ''): string {
  if (text.length + tail.length <= max) return text + tail;
  const room = max - tail.length - 1;
  const cut = text.slice(0, room + 1).replace(/[\s,;:–-]+\S*$/u, '');
  return `${cut.slice(0, room)}…${tail}`;
}

interface CopyOf {
  towns: Map<string, Town>;
  shops: Map<string, Shop>;
  trails: Map<string, Trail>;
}

/** Copy `copy` of the towns, shops and trails, keyed by the original's slug. */
function copyNetwork(
  { towns, shops, trails }: { towns: Town[]; shops: Shop[]; trails: Trail[] },
  copy: number,
  step: { town: number; shop: number; trail: number },
): CopyOf {
  const random = prng(0x5eed + copy * 7919);
  const jitter = (size: number) => (random() * 2 - 1) * size;
  const moved = new Map<string, { dLat: number; dLon: number }>();
  const out: CopyOf = { towns: new Map(), shops: new Map(), trails: new Map() };
  for (const town of towns) {
    if (copy === 1) {
      out.towns.set(town.slug, town);
      moved.set(town.slug, { dLat: 0, dLon: 0 });
      continue;
    }
    const lat = round(clamp(town.lat + jitter(TOWN_JITTER), BOUNDS.lat), 4);
    const lon = round(clamp(town.lon + jitter(TOWN_JITTER * 1.4), BOUNDS.lon), 4);
    const label = copyLabel(town.label, copy);
    out.towns.set(town.slug, { ...town, id: town.id + (copy - 1) * step.town, slug: slugify(label), label, lat, lon });
    moved.set(town.slug, { dLat: lat - town.lat, dLon: lon - town.lon });
  }
  for (const shop of shops) {
    if (copy === 1) {
      out.shops.set(shop.slug, shop);
      continue;
    }
    const town = out.towns.get(shop.town)!;
    const { dLat, dLon } = moved.get(shop.town)!;
    const label = copyLabel(shop.label, copy);
    const number = 1 + Math.floor(random() * 98);
    const line = 10 + Math.floor(random() * 90);
    const [local, domain] = shop.email.split('@') as [string, string];
    out.shops.set(shop.slug, {
      ...shop,
      id: shop.id + (copy - 1) * step.shop,
      slug: slugify(label),
      label,
      address: /\d+/.test(shop.address) ? shop.address.replace(/\d+/, String(number)) : `${shop.address} ${number}`,
      city: town.label,
      phone: shop.phone.replace(/\d{2}$/, String(line)),
      email: `${local}@${domain.replace(/\.(?=[a-z]+$)/, `${copy}.`)}`,
      town: town.slug,
      lat: round(clamp(shop.lat + dLat + jitter(SHOP_JITTER), BOUNDS.lat), 4),
      lon: round(clamp(shop.lon + dLon + jitter(SHOP_JITTER), BOUNDS.lon), 4),
    });
  }
  for (const trail of trails) {
    if (copy === 1) {
      out.trails.set(trail.slug, trail);
      continue;
    }
    const label = copyLabel(trail.label, copy);
    const slug = slugify(label);
    out.trails.set(trail.slug, {
      ...trail,
      id: trail.id + (copy - 1) * step.trail,
      slug,
      label,
      town: out.towns.get(trail.town)!.slug,
      gpx: `${slug}.gpx`,
    });
  }
  return out;
}

/** The GPX of a copied trail: its name, and the track moved with its town. */
function copyGpx(text: string, from: Trail, to: Trail, move: { dLat: number; dLon: number }): string {
  const shift = (value: string, by: number) => (Number(value) + by).toFixed(value.split('.')[1]?.length ?? 0);
  return text
    .replaceAll(`<name>${from.label}</name>`, `<name>${to.label}</name>`)
    .replace(/<trkpt lat="([-\d.]+)" lon="([-\d.]+)"/g, (_, lat: string, lon: string) => `<trkpt lat="${shift(lat, move.dLat)}" lon="${shift(lon, move.dLon)}"`);
}

/** What a page path is about, so that its copy can name the copy's town, shop or trail. */
function pageSubject(page: string): { kind: 'town' | 'shop' | 'trail'; slug: string; rest: string[]; head: string } | null {
  const parts = page.split('/');
  if (parts.length === 1) return null;
  const [head, slug, ...rest] = parts as [string, string, ...string[]];
  if (head === 'noleggio' || head === 'prenota') return { kind: 'shop', slug, rest, head };
  if (head === 'sentiero') return { kind: 'trail', slug, rest, head };
  return { kind: 'town', slug, rest, head };
}

export interface ScaleOptions {
  factor: number;
  out: string;
  /** The table to multiply; by default the one every reader uses (seo-data/dir.ts). */
  source?: string;
}

/** A JSON file as the generator writes it: two-space indents, a final newline. */
const writeJson = (file: string, value: unknown) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

/** Writes the network `factor` times the source table into `out` (created; it must be empty or new). */
export function scaleSeoData({ factor, out, source = seoDataDir() }: ScaleOptions): void {
  if (!Number.isInteger(factor) || factor < 1) throw new Error(`factor must be a whole number ≥ 1, not ${factor}`);
  if (existsSync(out) && readdirSync(out).length > 0) throw new Error(`${out} is not empty`);
  const data = loadSeoData(source);
  const catalogue = loadCatalogue(path.join(source, 'catalogue.json'));
  const step = {
    town: Math.max(...data.towns.map((t) => t.id)),
    shop: Math.max(...data.shops.map((s) => s.id)),
    trail: Math.max(...data.trails.map((t) => t.id)),
  };
  const copies = Array.from({ length: factor }, (_, i) => copyNetwork(data, i + 1, step));

  mkdirSync(path.join(out, 'pages'), { recursive: true });
  mkdirSync(path.join(out, 'trails'), { recursive: true });
  writeJson(path.join(out, 'categories.json'), data.categories);
  writeJson(path.join(out, 'catalogue.json'), catalogue);
  writeJson(path.join(out, 'towns.json'), copies.flatMap((c) => [...c.towns.values()]));
  writeJson(path.join(out, 'shops.json'), copies.flatMap((c) => [...c.shops.values()]));
  writeJson(path.join(out, 'trails.json'), copies.flatMap((c) => [...c.trails.values()]));

  const townOf = new Map(data.towns.map((t) => [t.slug, t]));
  copies.forEach((c, i) => {
    for (const trail of data.trails) {
      const to = c.trails.get(trail.slug)!;
      const from = townOf.get(trail.town)!;
      const town = c.towns.get(trail.town)!;
      const gpx = readFileSync(path.join(source, 'trails', trail.gpx), 'utf8');
      const moved = i === 0 ? gpx : copyGpx(gpx, trail, to, { dLat: town.lat - from.lat, dLon: town.lon - from.lon });
      writeFileSync(path.join(out, 'trails', to.gpx), moved);
    }
  });

  // Titles and descriptions must stay unique per locale: a copy whose text does not name its
  // subject gets the copy's number at the end.
  const used = new Set(Object.values(data.pages).flatMap((page) => Object.entries(page).flatMap(([locale, meta]) => [`${locale} t ${meta.title}`, `${locale} d ${meta.description}`])));
  const unique = (locale: string, field: 't' | 'd', text: string, max: number, copy: number): string => {
    let value = fit(text, max);
    if (used.has(`${locale} ${field} ${value}`)) value = fit(text, max, ` (${copy})`);
    used.add(`${locale} ${field} ${value}`);
    return value;
  };

  const shopOf = new Map(data.shops.map((s) => [s.slug, s]));
  const trailOf = new Map(data.trails.map((t) => [t.slug, t]));
  const pageFiles = readdirSync(path.join(source, 'pages')).filter((name) => name.endsWith('.json')).sort();
  for (const name of pageFiles) {
    const file = JSON.parse(readFileSync(path.join(source, 'pages', name), 'utf8')) as Record<string, Page>;
    const result: Record<string, Page> = { ...file };
    copies.slice(1).forEach((c, i) => {
      const copy = i + 2;
      for (const [page, meta] of Object.entries(file)) {
        const subject = pageSubject(page);
        if (!subject) continue;
        const names = new Map<string, string>();
        let slug: string;
        if (subject.kind === 'shop') {
          const shop = shopOf.get(subject.slug)!;
          names.set(shop.label, c.shops.get(shop.slug)!.label).set(shop.city, c.towns.get(shop.town)!.label);
          slug = c.shops.get(shop.slug)!.slug;
        } else if (subject.kind === 'trail') {
          const trail = trailOf.get(subject.slug)!;
          names.set(trail.label, c.trails.get(trail.slug)!.label).set(townOf.get(trail.town)!.label, c.towns.get(trail.town)!.label);
          slug = c.trails.get(trail.slug)!.slug;
        } else {
          const town = townOf.get(subject.slug)!;
          names.set(town.label, c.towns.get(town.slug)!.label);
          slug = c.towns.get(town.slug)!.slug;
        }
        const rename = renamer(names);
        const copied = Object.fromEntries(
          Object.entries(meta).map(([locale, m]: [string, PageMeta]) => [
            locale,
            {
              ...m,
              title: unique(locale, 't', rename(m.title), TITLE_MAX, copy),
              description: unique(locale, 'd', rename(m.description), DESCRIPTION_MAX, copy),
            },
          ]),
        ) as Page;
        result[[subject.head, slug, ...subject.rest].join('/')] = copied;
      }
    });
    writeJson(path.join(out, 'pages', name), result);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { factor: { type: 'string' }, out: { type: 'string' } } });
  if (!values.factor || !values.out) {
    console.error('usage: npm run seo-data:scale -- --factor N --out DIR');
    process.exit(2);
  }
  const out = path.resolve(values.out);
  scaleSeoData({ factor: Number(values.factor), out });
  console.log(`${out}: the network × ${values.factor}`);
}
