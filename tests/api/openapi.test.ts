// The API's OpenAPI document (server/openapi): it lists exactly the routes the Hono app registers,
// every example in it parses with the contract schema it documents, it is valid OpenAPI 3.1, and the
// reference page answers with its files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as z from 'zod/mini';
import { createTestApi, type TestApi } from '../support/app';
import { testDrivers } from '../support/databases';
import { createApp } from '~server/app';
import type { AppDeps } from '~server/http/context';
import { buildOpenApiDocument, openApiPath, operationId } from '~server/openapi/document';
import { API_OPERATIONS, type DocumentedOperation } from '~server/openapi/routes/index';
import { FILE_PART, type SchemaBody } from '~server/openapi/operation';
import { PATH_PARAMS } from '~server/openapi/params';
import { DOCS_CSP } from '~server/http/security-headers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The app's middleware and its last, catch-all 404 are registered as `ALL /api/*`: no route of their own. */
const NOT_ROUTES = new Set(['ALL /api/*']);

/** Every method and path the app registers, as the document writes them (`GET /v1/orders/{id}`). */
function registeredRoutes(): Set<string> {
  // Building the app registers its routes; none of them runs here, so no dependency is needed.
  const app = createApp({} as AppDeps);
  const routes = new Set<string>();
  for (const { method, path } of app.routes) {
    const key = `${method} ${path}`;
    if (NOT_ROUTES.has(key)) continue;
    routes.add(`${method} ${openApiPath(path.replace(/^\/api(?=\/)/, ''))}`);
  }
  return routes;
}

function documentedRoutes(document: Json): Set<string> {
  const routes = new Set<string>();
  for (const [path, item] of Object.entries(document.paths as Json)) for (const method of Object.keys(item)) routes.add(`${method.toUpperCase()} ${path}`);
  return routes;
}

/** A multipart example with a file where it says FILE_PART, as the API reads the form. */
function withFiles(value: unknown): unknown {
  if (value === FILE_PART) return new File([new Uint8Array([0xff, 0xd8, 0xff])], 'document.jpg', { type: 'image/jpeg' });
  if (Array.isArray(value)) return value.map(withFiles);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withFiles(v)]));
  return value;
}

/** The answers an operation documents with a body of its own. */
const replies = (op: DocumentedOperation) => [op.reply, ...(op.otherReplies ?? [])];

const parses = (schema: z.core.$ZodType, example: unknown) => {
  const result = z.safeParse(schema, example);
  return result.success ? 'ok' : result.error.issues.map((i) => `${i.path.join('.')}: ${i.code}`).join(', ');
};

const document = buildOpenApiDocument() as Json;

describe('OpenAPI document', () => {
  it('lists every route the app registers, and only those', () => {
    const registered = registeredRoutes();
    const documented = documentedRoutes(document);
    expect([...registered].filter((r) => !documented.has(r)), 'routes the document does not list').toEqual([]);
    expect([...documented].filter((r) => !registered.has(r)), 'documented operations the app does not have').toEqual([]);
    // Fails the other way round too: a table entry that the app lost is caught above, and the two
    // sets are not empty by accident.
    expect(registered.size).toBeGreaterThan(70);
  });

  it('gives every JSON body and answer an example', () => {
    for (const op of API_OPERATIONS) {
      const operation = document.paths[openApiPath(op.path)][op.method];
      for (const media of Object.values<Json>(operation.requestBody?.content ?? {})) if (media.schema?.$ref) expect(media, `${op.method} ${op.path} body`).toHaveProperty('example');
      for (const { status } of replies(op)) {
        for (const media of Object.values<Json>(operation.responses[status].content ?? {})) if (media.schema?.$ref) expect(media, `${op.method} ${op.path} ${status}`).toHaveProperty('example');
      }
    }
  });

  it('every documented example parses with the contract schema it documents', () => {
    const failures: string[] = [];
    for (const op of API_OPERATIONS) {
      const operation = document.paths[openApiPath(op.path)][op.method];
      const where = `${op.method.toUpperCase()} ${op.path}`;
      const bodies: [string, SchemaBody, unknown][] = [];
      if (op.body && op.body.kind !== 'raw') {
        for (const media of Object.values<Json>(operation.requestBody.content)) bodies.push(['body', op.body, media.example]);
      }
      for (const { status, body } of replies(op)) {
        if (!body || body.kind === 'raw') continue;
        for (const media of Object.values<Json>(operation.responses[status].content)) bodies.push([String(status), body, media.example]);
      }
      for (const [role, body, example] of bodies) {
        const outcome = parses(body.schema, body.kind === 'multipart' ? withFiles(example) : example);
        if (outcome !== 'ok') failures.push(`${where} ${role}: ${outcome}`);
      }
      const parameters: Json[] = operation.parameters ?? [];
      if (op.query) {
        const example = Object.fromEntries(parameters.filter((p) => p.in === 'query' && 'example' in p).map((p) => [p.name, p.example]));
        const outcome = parses(op.query.schema, example);
        if (outcome !== 'ok') failures.push(`${where} query: ${outcome}`);
      }
      for (const p of parameters.filter((p) => p.in === 'path' || p.in === 'header')) {
        const rule = p.in === 'path' ? (op.params?.[p.name] ?? PATH_PARAMS[p.name])!.schema : op.headers!.find((h) => h.name === p.name)!.schema;
        const outcome = parses(rule, p.example);
        if (outcome !== 'ok') failures.push(`${where} ${p.in} ${p.name}: ${outcome}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("every example also matches the document's own JSON Schema", () => {
    // What a client generated from the document would check: the converted schemas accept what
    // the contract's schemas accept.
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: 'openapi.json', components: document.components }, 'openapi.json');
    const failures: string[] = [];
    for (const op of API_OPERATIONS) {
      const operation = document.paths[openApiPath(op.path)][op.method];
      const media = [
        ...Object.entries<Json>(operation.requestBody?.content ?? {}).filter(([type]) => type !== 'multipart/form-data'),
        ...replies(op).flatMap(({ status }) => Object.entries<Json>(operation.responses[status].content ?? {})),
      ];
      for (const [type, { schema, example }] of media) {
        if (!schema?.$ref) continue;
        const validate = ajv.getSchema(`openapi.json${schema.$ref}`)!;
        if (!validate(example)) failures.push(`${operationId(op)} ${type}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    const ids = API_OPERATIONS.map(operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe.each(testDrivers.slice(0, 1))('the document and its reference page, served ($name)', (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(driver);
  });
  afterAll(() => api.dispose());

  it('GET /api/v1/openapi.json answers the document', async () => {
    const res = await api.request('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('GET /api/docs answers the page under its own CSP, and every file it loads answers 200', async () => {
    const res = await api.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(DOCS_CSP);
    expect(DOCS_CSP).not.toMatch(/script-src[^;]*(unsafe|\*|https?:)/);
    const html = await res.text();
    const files = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const file of files) {
      // Relative to the page, as the browser resolves them; nothing from another origin.
      const url = new URL(file, 'http://api.test/api/docs');
      expect(url.origin).toBe('http://api.test');
      const asset = await api.request(url.pathname);
      expect(asset.status, url.pathname).toBe(200);
      expect((await asset.arrayBuffer()).byteLength, url.pathname).toBeGreaterThan(100);
    }
    const start = await (await api.request('/api/docs/start.js')).text();
    expect(new URL(/new URL\('([^']+)'/.exec(start)![1]!, 'http://api.test/api/docs').pathname).toBe('/api/v1/openapi.json');
  });

  it('an unknown file of the page is 404', async () => {
    expect((await api.request('/api/docs/package.json')).status).toBe(404);
    expect((await api.request('/api/docs/..%2Fpackage.json')).status).toBe(404);
    for (const inherited of ['constructor', '__proto__', 'toString']) expect((await api.request(`/api/docs/${inherited}`)).status, inherited).toBe(404);
  });
});
