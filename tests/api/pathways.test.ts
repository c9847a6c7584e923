// Trails (spec §7 v1/pathways): list per location, search, one trail by id or slug, its GPX file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { PathwaySchema } from '~/api/contract/pathways';
import { parseGpx } from '~/domain/gpx';
import { gpxStats } from '~/domain/gpx-stats';
import { trailsDir } from '~server/db/seed/seo';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { data as dataOf, listOf, refusal } from '../support/contract';

const NOT_FOUND = { message: 'Risorsa non trovata' };

describe.each(testDrivers)('pathways API on $name', (driver) => {
  const api = seededApi(driver);

  const list = async (url: string, lang?: string) => {
    const res = await api.request(url, { lang });
    expect(res.status).toBe(200);
    // Strict: the list test below proves the API sends no field the contract does not know.
    return dataOf(res, listOf(z.strictObject(PathwaySchema.shape)));
  };

  it('lists every trail with its location, sport and stats, sorted by label', async () => {
    const trails = await list('/api/v1/pathways');
    expect(trails.length).toBeGreaterThanOrEqual(6);
    expect(trails).toHaveLength(7);
    for (const t of trails) expect(z.strictObject(PathwaySchema.shape).parse(t)).toEqual(t);
    expect([...new Set(trails.map((t) => t.site.slug))].sort()).toEqual(['limone-piemonte', 'sanremo', 'sestriere']);
    const labels = trails.map((t) => t.label);
    expect(labels).toEqual([...labels].sort());
    expect(trails.find((t) => t.slug === 'falesie-di-san-romolo')).toMatchObject({
      label: 'Falesie di San Romolo',
      site: { slug: 'sanremo', label: 'Sanremo' },
      sport: { slug: 'arrampicata', name: 'Arrampicata' },
    });
  });

  it('filters by location (slug or id) and sport; an unknown location gives an empty list', async () => {
    const sanremo = await list('/api/v1/pathways?location=sanremo');
    expect(sanremo.map((t) => t.slug).sort()).toEqual(['falesie-di-san-romolo', 'pista-ciclabile-del-ponente']);
    expect(await list(`/api/v1/pathways?location=${sanremo[0]!.site.id}`)).toEqual(sanremo);
    expect((await list('/api/v1/pathways?location=sestriere')).map((t) => t.slug).sort()).toEqual([
      'anello-del-colle-basset',
      'anello-di-borgata-sestriere',
      'monte-sises-da-sestriere',
    ]);
    expect((await list('/api/v1/pathways?sport=biciclette')).map((t) => t.site.slug).sort()).toEqual(['limone-piemonte', 'sanremo', 'sestriere']);
    expect((await list('/api/v1/pathways?location=sestriere&sport=ciaspole')).map((t) => t.slug)).toEqual(['anello-di-borgata-sestriere']);
    expect(await list('/api/v1/pathways?location=atlantide')).toEqual([]);
    expect(await list('/api/v1/pathways?sport=surf')).toEqual([]);
  });

  it('searches by label or slug, case-insensitively; a query under 2 characters is 422', async () => {
    expect((await list('/api/v1/pathways/search?q=ANELLO')).map((t) => t.slug).sort()).toEqual([
      'anello-del-colle-basset',
      'anello-del-vallone-san-giovanni',
      'anello-di-borgata-sestriere',
    ]);
    expect((await list('/api/v1/pathways/search?q=colle-di-tenda')).map((t) => t.slug)).toEqual(['forti-del-colle-di-tenda']);
    expect(await list('/api/v1/pathways/search?q=%25%25')).toEqual([]);
    expect(await list('/api/v1/pathways/search?q=zzzz')).toEqual([]);
    const short = await api.request('/api/v1/pathways/search?q=a');
    expect(short.status).toBe(422);
    expect(await refusal(short)).toEqual({ message: 'Inserisci almeno 2 caratteri', errors: { q: ['Inserisci almeno 2 caratteri'] } });
    const missing = await api.request('/api/v1/pathways/search', { lang: 'en_GB' });
    expect(missing.status).toBe(422);
    expect((await refusal(missing)).errors).toEqual({ q: ['This field is required'] });
  });

  it('shows one trail by id or slug with stats from its GPX and the description in the request language', async () => {
    const res = await api.request('/api/v1/pathways/monte-sises-da-sestriere');
    expect(res.status).toBe(200);
    const data = await dataOf(res, PathwaySchema);
    expect({ data: await dataOf(await api.request(`/api/v1/pathways/${data.id}`), PathwaySchema) }).toEqual({ data });
    expect(data.gpx_url).toBe(`/api/v1/pathways/${data.id}/gpx`);
    const stats = gpxStats(parseGpx(readFileSync(path.join(trailsDir(), 'monte-sises-da-sestriere.gpx'), 'utf8')));
    expect(data).toMatchObject({
      distance: stats.distance,
      elevation_gain: stats.elevationGain,
      elevation_loss: stats.elevationLoss,
      moving_time: stats.movingTime,
    });
    expect(data.distance).toBeGreaterThan(0);
    expect(data.elevation_gain).toBeGreaterThan(0);
    expect(data.moving_time).toBeGreaterThan(0);
    expect(data.description).toMatch(/^Classica gita di sci alpinismo/);
    const en = { data: await dataOf(await api.request(`/api/v1/pathways/${data.id}`, { lang: 'en_GB' }), PathwaySchema) };
    expect(en.data.description).toMatch(/^A classic ski tour/);
    expect(en.data.sport.name).toBe('Ski touring');
  });

  it('serves the GPX file as XML', async () => {
    const trail = (await list('/api/v1/pathways?location=limone-piemonte')).find((t) => t.slug === 'forti-del-colle-di-tenda')!;
    const res = await api.request(trail.gpx_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gpx+xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="forti-del-colle-di-tenda.gpx"');
    const xml = await res.text();
    expect(xml.startsWith('<?xml')).toBe(true);
    const gpx = parseGpx(xml);
    expect(gpx.name).toBe('Forti del Colle di Tenda');
    expect(gpxStats(gpx).distance).toBe(trail.distance);
    expect(await (await api.request('/api/v1/pathways/forti-del-colle-di-tenda/gpx')).text()).toBe(xml);
  });

  it('answers 404 for unknown trails and their GPX', async () => {
    for (const url of ['/api/v1/pathways/9999', '/api/v1/pathways/no-such-trail', '/api/v1/pathways/9999/gpx', '/api/v1/pathways/..%2F..%2Fpackage.json/gpx']) {
      const res = await api.request(url);
      expect([url, res.status, await refusal(res)]).toEqual([url, 404, NOT_FOUND]);
    }
  });
});
