// Trails per location, with their GPX file served by the API.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { PathwayListQuerySchema, PathwaySearchQuerySchema, type PathwaySchema } from '~/api/contract/pathways';
import { pathways } from '../db/schema/index';
import { notFound } from '../http/errors';
import type { AppContext, AppEnv } from '../http/context';
import { queryParams } from '../http/validation';
import { localized, presentSport } from '../catalogue/present';

type PathwayRow = typeof pathways.$inferSelect;

function present(c: AppContext, row: PathwayRow): z.input<typeof PathwaySchema> {
  const { catalogue } = c.get('deps');
  const locale = c.get('locale');
  const site = catalogue.sites.find((s) => s.id === row.siteId)!;
  const sport = catalogue.sports.find((s) => s.id === row.sportId)!;
  return {
    id: row.id,
    slug: row.slug,
    label: row.label,
    description: localized(row.description, locale),
    site: { id: site.id, slug: site.slug, label: site.label },
    sport: presentSport(sport, locale),
    distance: row.distance,
    elevation_gain: row.elevationGain,
    elevation_loss: row.elevationLoss,
    moving_time: row.movingTime,
    gpx_url: `/api/v1/pathways/${row.id}/gpx`,
  };
}

async function list(c: AppContext, where?: SQL) {
  const rows = await c.get('deps').database.db.select().from(pathways).where(where).orderBy(pathways.label);
  return rows.map((r) => present(c, r));
}

async function byIdOrSlug(c: AppContext): Promise<PathwayRow> {
  const ref = c.req.param('id') ?? '';
  const where = /^\d{1,9}$/.test(ref) ? eq(pathways.id, Number(ref)) : eq(pathways.slug, ref.slice(0, 100));
  const [row] = await c.get('deps').database.db.select().from(pathways).where(where);
  if (!row) throw notFound();
  return row;
}

export const pathwayRoutes = new Hono<AppEnv>()
  .get('/v1/pathways', async (c) => {
    const query = queryParams(c, PathwayListQuerySchema);
    const { catalogue } = c.get('deps');
    const site = query.location ? catalogue.sites.find((s) => s.slug === query.location || String(s.id) === query.location) : undefined;
    const sport = query.sport ? catalogue.sports.find((s) => s.slug === query.sport || String(s.id) === query.sport) : undefined;
    if ((query.location && !site) || (query.sport && !sport)) return c.json({ data: [] });
    const rows = await list(c);
    return c.json({ data: rows.filter((r) => (!site || r.site.id === site.id) && (!sport || r.sport.id === sport.id)) });
  })
  .get('/v1/pathways/search', async (c) => {
    const { q } = queryParams(c, PathwaySearchQuerySchema);
    const text = `%${q.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    return c.json({ data: await list(c, or(ilike(pathways.label, text), ilike(pathways.slug, text))) });
  })
  .get('/v1/pathways/:id/gpx', async (c) => {
    const row = await byIdOrSlug(c);
    const xml = await readFile(path.join(c.get('deps').trailsDir, path.basename(row.gpxFile)), 'utf8');
    return c.body(xml, 200, {
      'content-type': 'application/gpx+xml; charset=utf-8',
      'content-disposition': `attachment; filename="${row.slug}.gpx"`,
    });
  })
  .get('/v1/pathways/:id', async (c) => c.json({ data: present(c, await byIdOrSlug(c)) }));
