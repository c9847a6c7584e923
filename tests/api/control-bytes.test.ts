// NUL and the other C0 control bytes in what a client sends: PostgreSQL and PGlite refuse a NUL in
// text, so one that reached a query answered 500 with a stack in the log. Every route of the OpenAPI
// document is called with a NUL in each of its path and query parameters in turn, by each caller it
// admits, and the login and some JSON and multipart bodies carry one in a string field: none may
// answer 5xx or log an error, and a field's refusal is a 422 naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureLogger } from '~server/log';
import { buildOpenApiDocument } from '~server/openapi/document';
import { NO_CONTROL_CHARACTERS, NO_CONTROL_CHARACTERS_IN_TEXT } from '~/api/contract/fields';
import { testDrivers } from '../support/databases';
import { day, login, orderForm, pick, postOrder } from '../support/orders';
import { pairedKiosks, placeOrder, SHOP } from '../support/staff';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ERROR_LEVEL = 50;
const captured: string[] = [];
const errorLines = () =>
  captured
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { level: number; msg: string; reqId?: string })
    .filter((l) => l.level >= ERROR_LEVEL);

beforeAll(() => configureLogger({ level: 'warn', destination: { write: (line: string) => void captured.push(line) } }));
afterAll(() => configureLogger({ level: 'warn', destination: process.stdout }));

/** The bytes tried: NUL (which the databases refuse), another C0 byte and DEL. */
const BAD = ['%00', '%01', '%1F', '%7F'];

interface Variant {
  method: string;
  url: string;
  where: string;
  /**
   * `path`: names nothing, no caller may get a 2xx. `query`: if a caller gets a 2xx, another gets a
   * 422 (a route may serve callers that do not read it: the customers' order search has no `status`).
   * `unread`: a query read as it comes (no 422 documented: `with`, compared and dropped).
   */
  kind: 'path' | 'query' | 'unread';
}

/**
 * Each operation's URL with its examples (`known` ids where a real one lets the route read its query),
 * once per parameter with `bad` appended to that one.
 */
function variants(document: Json, bad: string, known: { shop: string; order: string }): Variant[] {
  const out: Variant[] = [];
  for (const [path, item] of Object.entries<Json>(document.paths)) {
    for (const [method, operation] of Object.entries<Json>(item)) {
      const params: Json[] = (operation.parameters ?? []).filter((p: Json) => p.in === 'path' || p.in === 'query');
      const value = (p: Json) =>
        p.in === 'path' && p.name === 'id' && path.startsWith('/v1/shops/')
          ? known.shop
          : p.in === 'path' && p.name === 'id' && path.startsWith('/v1/orders/')
            ? known.order
            : String(p.example ?? 'x');
      const build = (poisoned?: Json) => {
        const at = (p: Json) => encodeURIComponent(value(p)) + (p === poisoned ? bad : '');
        let url = '/api' + path;
        for (const p of params.filter((p) => p.in === 'path')) url = url.replace(`{${p.name}}`, at(p));
        const query = params.filter((p) => p.in === 'query' && (p === poisoned || p.example !== undefined));
        if (query.length) url += '?' + query.map((p) => `${encodeURIComponent(p.name)}=${at(p)}`).join('&');
        return url;
      };
      const kind = (p: Json): Variant['kind'] => (p.in === 'path' ? 'path' : operation.responses['422'] ? 'query' : 'unread');
      for (const p of params) out.push({ method: method.toUpperCase(), url: build(p), where: `${method.toUpperCase()} ${path} ${p.in} ${p.name}`, kind: kind(p) });
    }
  }
  return out;
}

const CONTRACT_PATTERNS = new Set([NO_CONTROL_CHARACTERS.source, NO_CONTROL_CHARACTERS_IN_TEXT.source]);

/**
 * Whether a pattern of the document admits no control character: the contract's own rule, or an
 * anchored pattern of literal characters and positive classes (`^\\d{6}$`, the e-mail's), which
 * cannot match one. Anything looser (`.`, `\\s`, a negated class) must carry the contract's rule.
 */
function refusesControls(pattern: string): boolean {
  if (CONTRACT_PATTERNS.has(pattern)) return true;
  if (!pattern.startsWith('^') || !pattern.endsWith('$')) return false;
  const unescaped = pattern.replace(/\\[^sSDWPbB]/g, '');
  return !/\.|\\[sSDWP]|\[\^/.test(unescaped);
}

/** The strings of a JSON Schema (following $refs) that may hold a control character, by path. */
function unguardedStrings(schema: Json, components: Json, at: string, seen = new Set<string>()): string[] {
  if (!schema || typeof schema !== 'object') return [];
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (seen.has(name)) return [];
    return unguardedStrings(components[name], components, at, new Set(seen).add(name));
  }
  const found: string[] = [];
  const types = ([] as unknown[]).concat(schema.type ?? []);
  const bounded = 'enum' in schema || 'const' in schema || schema.format === 'uuid' || 'contentMediaType' in schema;
  if (types.includes('string') && !bounded) {
    const patterns = [schema.pattern, ...(schema.allOf ?? []).map((s: Json) => s.pattern)].filter((p): p is string => typeof p === 'string');
    if (!patterns.some(refusesControls)) found.push(at);
  }
  for (const [key, sub] of Object.entries<Json>(schema.properties ?? {})) found.push(...unguardedStrings(sub, components, `${at}.${key}`, seen));
  for (const key of ['items', 'additionalProperties', 'propertyNames'] as const) if (schema[key]) found.push(...unguardedStrings(schema[key], components, `${at}[]`, seen));
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) for (const sub of schema[key] ?? []) found.push(...unguardedStrings(sub, components, at, seen));
  return found;
}

describe('the contract refuses control characters in every string a request carries', () => {
  const document = buildOpenApiDocument() as Json;

  it('each body field and query parameter of the OpenAPI document has the rule (or a stricter pattern)', () => {
    const found: string[] = [];
    for (const [path, item] of Object.entries<Json>(document.paths)) {
      for (const [method, operation] of Object.entries<Json>(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        // A query read as it comes (no 422 documented: `with`) is only compared, never refused.
        const checked = (p: Json) => p.in === 'path' || (p.in === 'query' && operation.responses['422']);
        for (const p of operation.parameters ?? []) if (checked(p)) found.push(...unguardedStrings(p.schema, document.components.schemas, `${where} ${p.in} ${p.name}`));
        for (const [type, media] of Object.entries<Json>(operation.requestBody?.content ?? {})) {
          if (media.schema?.$ref) found.push(...unguardedStrings(media.schema, document.components.schemas, `${where} ${type}`));
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('the rule: single-line strings refuse every C0 byte and DEL, free text keeps tab and line breaks', () => {
    for (let code = 0; code < 0x20; code++) expect(NO_CONTROL_CHARACTERS.test(`a${String.fromCharCode(code)}b`), String(code)).toBe(false);
    expect(NO_CONTROL_CHARACTERS.test('a\u007Fb')).toBe(false);
    expect(NO_CONTROL_CHARACTERS.test('Zoë Müller-D\'Angelo 🎿 €')).toBe(true);
    expect(NO_CONTROL_CHARACTERS_IN_TEXT.test('one\r\n\ttwo\n')).toBe(true);
    for (const bad of ['\u0000', '\u0007', '\u000B', '\u000C', '\u001B', '\u007F']) expect(NO_CONTROL_CHARACTERS_IN_TEXT.test(`a${bad}b`), bad).toBe(false);
  });
});

describe.each(testDrivers)('control bytes never answer 5xx ($name)', (driver) => {
  const { api, k } = pairedKiosks(driver);
  let document: Json;
  let customer: string;
  let order: number;
  beforeAll(async () => {
    document = await (await api.request('/api/v1/openapi.json')).json();
    customer = await login(api);
    order = (await placeOrder(api, { from: day(10), token: customer })).id;
  });

  /** Every kind of caller, whatever the route admits: anyone, a customer, each type of kiosk. */
  const callers = (): [string, string | undefined][] => [
    ['anyone', undefined],
    ['customer', customer],
    ['public kiosk', k.public],
    ['admin kiosk', k.admin],
    ['cash desk', k.cash],
  ];

  it.each(BAD)('in every path and query parameter of every documented route (%s)', async (bad) => {
    const list = variants(document, bad, { shop: String(SHOP), order: String(order) });
    expect(list.length).toBeGreaterThan(60);
    captured.length = 0;
    const failures: string[] = [];
    for (const { method, url, where, kind } of list) {
      const statuses: number[] = [];
      for (const [who, token] of callers()) {
        // GET and DELETE carry no body; the others get an empty JSON object, as a client sends.
        const res = await api.request(url, { method, token, ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }) });
        statuses.push(res.status);
        if (res.status >= 500) failures.push(`${where} (${who}): ${res.status} ${await res.text()}`);
        else if (res.status < 300 && kind === 'path') failures.push(`${where} (${who}): answered ${res.status}`);
      }
      if (kind === 'query' && statuses.some((s) => s < 300) && !statuses.includes(422)) failures.push(`${where}: no caller refused it (${statuses.join(', ')})`);
    }
    expect(failures).toEqual([]);
    expect(errorLines()).toEqual([]);
  }, 300_000);

  it('the routes named in the report answer 404 for a path and 422 under the field for a query', async () => {
    for (const url of ['/api/v1/coupons/A%00', '/api/v1/orders/06-0000004%00/voucher.pdf', '/api/v1/orders/x%00/export', '/api/v1/specific_products/X%00', '/api/v1/totems/X%00/revoke']) {
      const method = url.endsWith('revoke') ? 'POST' : 'GET';
      for (const token of [customer, k.cash]) expect([url, (await api.request(url, { method, token })).status]).toEqual([url, 404]);
    }
    const search = await api.request('/api/v1/orders/search?q=a%00', { token: k.cash, lang: 'en_GB' });
    expect(search.status).toBe(422);
    const body = await search.json();
    expect(body.errors.q).toEqual([expect.stringMatching(/control character/i)]);
    expect(body.message).toBe(body.errors.q[0]);
  });

  it('a login whose username or password holds a control byte is a 422 on that field, in each language', async () => {
    const messages = new Set<string>();
    for (const lang of ['it_IT', 'fr_FR', 'en_GB']) {
      for (const field of ['username', 'password'] as const) {
        const json = { username: 'mario.rossi@example.com', password: 'Demo-2026!' };
        json[field] = json[field].slice(0, 4) + '\u0000' + json[field].slice(4);
        const res = await api.request('/api/v1/login', { method: 'POST', json, lang });
        expect([field, res.status]).toEqual([field, 422]);
        const body = await res.json();
        expect(Object.keys(body.errors)).toEqual([field]);
        messages.add(body.errors[field][0]);
      }
    }
    // One message per language, never the key itself.
    expect(messages.size).toBe(3);
    for (const message of messages) expect(message).not.toMatch(/^validators\./);
  });

  it('JSON and multipart bodies: a control byte in a string field is a 422 under that field, never 5xx', async () => {
    captured.length = 0;
    const password = { password: 'Password-1!', password_confirmation: 'Password-1!' };
    const cases: { url: string; method: string; token?: string; json: Json; field: string }[] = [
      { url: '/api/v1/signup', method: 'POST', json: { first_name: 'Ma\u0000rio', last_name: 'Rossi', username: 'nul@example.com', ...password }, field: 'first_name' },
      { url: '/api/v1/signup', method: 'POST', json: { first_name: 'Mario', last_name: 'Rossi', username: 'nul\u0000@example.com', ...password }, field: 'username' },
      { url: '/api/forgot_password', method: 'POST', json: { username: 'mario.rossi@example.com\u0000' }, field: 'username' },
      { url: '/api/v1/pair', method: 'POST', json: { code: 'BARD\u0000' }, field: 'code' },
      { url: '/api/v1/coupons', method: 'POST', json: { code: 'BENVENUTO10\u0000' }, field: 'code' },
      { url: '/api/v1/user', method: 'PATCH', token: customer, json: { first_name: 'Mario\u0007' }, field: 'first_name' },
      { url: '/api/v1/user', method: 'PATCH', token: customer, json: { fidelity_card_number: 'FID\u0000' }, field: 'fidelity_card_number' },
    ];
    for (const c of cases) {
      const res = await api.request(c.url, { method: c.method, token: c.token, json: c.json });
      const text = await res.text();
      expect([c.url, c.field, res.status, text]).toEqual([c.url, c.field, 422, expect.any(String)]);
      expect(Object.keys(JSON.parse(text).errors), c.url).toEqual([c.field]);
    }
    // The order form, multipart: the contact's name and an item's person.
    const picked = await pick(api, SHOP, 'CITYBIKE', { from: day(20), to: day(20) });
    const contact = await postOrder(api, SHOP, orderForm({ from: day(20), cart: [{ prices: [picked.main.id] }], first_name: 'Ma\u0000rio' }));
    expect(contact.status).toBe(422);
    expect(Object.keys(contact.body.errors ?? {})).toEqual(['first_name']);
    const person = await postOrder(api, SHOP, orderForm({ from: day(20), cart: [{ prices: [picked.main.id], customer: { first_name: 'Ma\u001Frio' } }] }));
    expect(person.status).toBe(422);
    expect(Object.keys(person.body.errors ?? {})).toEqual(['cart.0.customer.first_name']);
    // A free-text field keeps its line breaks and tabs, and refuses a NUL: the booking request's message.
    const request = (message: string) => ({
      shop_id: 'bardonecchia-sport-rent', first_name: 'Marco', last_name: 'Neri', email: 'marco.neri@example.com',
      date_from: day(20), date_to: day(22), people: 3, message,
    });
    const nul = await api.request('/api/v1/booking_requests', { method: 'POST', json: request('one\u0000two') });
    expect(nul.status).toBe(422);
    expect(Object.keys((await nul.json()).errors)).toEqual(['message']);
    const lines = await api.request('/api/v1/booking_requests', { method: 'POST', json: request('line one\r\n\tline two') });
    expect(lines.status, await lines.clone().text()).toBe(201);
    expect(errorLines()).toEqual([]);
  });
});
