// GET /api/v1/openapi.json (the document, built once per process from the route table) and
// GET /api/docs (Swagger UI on it, its files served from the API with their own CSP).
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { notFound } from '../http/errors';
import { DOCS_CSP } from '../http/security-headers';
import { assetBytes, DOCS_ASSETS, DOCS_PAGE } from './assets';
import { buildOpenApiDocument } from './document';

/** The page's files change only with the installed package: a day in caches. */
const ASSET_MAX_AGE_S = 86_400;

let document: string | undefined;

export const docsRoutes = new Hono<AppEnv>()
  .get('/v1/openapi.json', (c) => {
    document ??= JSON.stringify(buildOpenApiDocument());
    return c.body(document, 200, { 'content-type': 'application/json; charset=utf-8' });
  })
  .get('/docs', (c) => c.html(DOCS_PAGE, 200, { 'content-security-policy': DOCS_CSP }))
  .get('/docs/:file', async (c) => {
    const name = c.req.param('file');
    const bytes = assetBytes(name);
    if (!bytes) throw notFound();
    return c.body(await bytes, 200, { 'content-type': DOCS_ASSETS[name]!.type, 'cache-control': `public, max-age=${ASSET_MAX_AGE_S}` });
  });
