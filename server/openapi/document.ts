// The OpenAPI 3.1 document of the API, generated from the route table (server/openapi/routes/) and
// the zod contract (src/api/contract) with zod's own JSON Schema converter, `z.toJSONSchema`.
// Every schema is converted as its input side (`io: 'input'`): the server writes `z.input<typeof
// Schema>` (the presenters are typed so) and the client parses it, so the wire is the input side of
// a response schema as much as of a request's (a `_default` field may be absent, a pipe shows what
// it takes). OpenAPI 3.1's schemas are JSON Schema 2020-12, what the converter writes.
import * as z from 'zod/mini';
import * as contract from '~/api/contract/index';
import { PATH_PARAMS } from './params';
import { API_OPERATIONS, type DocumentedOperation } from './routes/index';
import { SCHEMA_REF, refusalComponents, refusalRef, refusalStatuses, securityOf } from './refusals';
import type { Body, Reply } from './operation';
import { ENVELOPES } from './envelopes';

type Schema = z.core.$ZodType;
type Json = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && '_zod' in value;

/** `/v1/orders/:id` → `/v1/orders/{id}`. */
export const openApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z_]+)/g, '{$1}');
const pathParams = (honoPath: string) => [...honoPath.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);

/** `get /v1/orders/:id` → `getV1OrdersById`. */
export function operationId(op: { method: string; path: string }): string {
  const words = op.path
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by_${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[_-]/));
  return op.method + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

const CONVERT: Parameters<typeof z.toJSONSchema>[1] = {
  io: 'input',
  target: 'draft-2020-12',
  unrepresentable: 'any',
  // The order form's documents are files (`z.instanceof(File)`): a multipart part of any type.
  override: (ctx) => {
    if (ctx.zodSchema._zod.def.type === 'custom') Object.assign(ctx.jsonSchema, { type: 'string', contentMediaType: 'application/octet-stream' });
  },
};

function withoutDialect(json: Json): Json {
  const { $schema: _schema, $id: _id, ...rest } = json;
  return rest;
}

/** Names every schema the operations use: the contract's exports by their name, the rest by role. */
class SchemaNames {
  readonly registry = z.registry<{ id: string }>();
  private readonly names = new Map<Schema, string>();

  add(schema: Schema, name: string): string {
    const known = this.names.get(schema);
    if (known) return known;
    this.names.set(schema, name);
    this.registry.add(schema, { id: name });
    return name;
  }

  ref(schema: Schema): { $ref: string } {
    const name = this.names.get(schema);
    if (!name) throw new Error('openapi: a schema was not named before conversion');
    return { $ref: SCHEMA_REF + name };
  }
}

function nameSchemas(operations: readonly DocumentedOperation[]): SchemaNames {
  const names = new SchemaNames();
  for (const [name, value] of Object.entries(contract)) if (isSchema(value)) names.add(value, name.replace(/Schema$/, ''));
  for (const [name, schema] of Object.entries(ENVELOPES)) names.add(schema, name);
  for (const op of operations) {
    const id = operationId(op);
    const cap = id.charAt(0).toUpperCase() + id.slice(1);
    if (op.query) names.add(op.query.schema, `${cap}Query`);
    if (op.body && op.body.kind !== 'raw') names.add(op.body.schema, `${cap}Body`);
    for (const reply of [op.reply, ...(op.otherReplies ?? [])]) if (reply.body && reply.body.kind !== 'raw') names.add(reply.body.schema, `${cap}Reply`);
  }
  return names;
}

const MEDIA_TYPES = { json: 'application/json', multipart: 'multipart/form-data', urlencoded: 'application/x-www-form-urlencoded' } as const;

function content(body: Body, names: SchemaNames): Json {
  if (body.kind === 'raw') {
    const schema = body.mediaType.startsWith('text/') || body.mediaType.includes('json') || body.mediaType.includes('xml')
      ? { type: 'string' }
      : { type: 'string', contentMediaType: body.mediaType };
    return { [body.mediaType]: { schema, ...(body.example === undefined ? {} : { example: body.example }) } };
  }
  const media = { schema: names.ref(body.schema), example: body.example };
  const kinds = [body.kind, ...(body.alsoAs ?? [])];
  return Object.fromEntries(kinds.map((kind) => [MEDIA_TYPES[kind], media]));
}

/** A query object's properties as parameters, each with its example value. */
function queryParameters(op: DocumentedOperation, schemas: Record<string, Json>, names: SchemaNames): Json[] {
  if (!op.query) return [];
  const name = names.ref(op.query.schema).$ref.slice(SCHEMA_REF.length);
  const object = schemas[name] as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([param, schema]) => ({
    name: param,
    in: 'query',
    required: object.required?.includes(param) ?? false,
    schema,
    ...(op.query!.example[param] === undefined ? {} : { example: op.query!.example[param] }),
  }));
}

function operationObject(op: DocumentedOperation, schemas: Record<string, Json>, names: SchemaNames): Json {
  const { security, text } = securityOf(op.caller);
  const parameters = [
    ...pathParams(op.path).map((param) => {
      const known = op.params?.[param] ?? PATH_PARAMS[param];
      if (!known) throw new Error(`openapi: ${op.method} ${op.path}: no rule for the path parameter ${param}`);
      return { name: param, in: 'path', required: true, description: known.description, schema: withoutDialect(z.toJSONSchema(known.schema, CONVERT)), example: known.example };
    }),
    ...queryParameters(op, schemas, names),
    ...(op.headers ?? []).map((h) => ({
      name: h.name,
      in: 'header',
      required: h.required,
      description: h.description,
      schema: withoutDialect(z.toJSONSchema(h.schema, CONVERT)),
      example: h.example,
    })),
  ];
  const response = (reply: Omit<Reply, 'status'>) => ({
    description: reply.description,
    ...(reply.headers
      ? { headers: Object.fromEntries(Object.entries(reply.headers).map(([h, d]) => [h, { description: d, schema: { type: 'string' } }])) }
      : {}),
    ...(reply.body ? { content: content(reply.body, names) } : {}),
  });
  return {
    operationId: operationId(op),
    tags: [op.tag],
    summary: op.summary,
    description: [op.description, `**Caller:** ${text}`].filter(Boolean).join('\n\n'),
    security,
    ...(parameters.length ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: true, content: content(op.body, names) } } : {}),
    responses: {
      [op.reply.status]: response(op.reply),
      ...Object.fromEntries(refusalStatuses(op).map((status) => [status, refusalRef(status)])),
      ...Object.fromEntries((op.otherReplies ?? []).map((other) => [other.status, response(other)])),
    },
  };
}

/** Every `$ref` reachable from `root`, following the schemas' own references. */
function reachableSchemas(root: unknown, schemas: Record<string, Json>): Set<string> {
  const seen = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF)) {
          const name = value.slice(SCHEMA_REF.length);
          if (!seen.has(name)) {
            seen.add(name);
            visit(schemas[name]);
          }
        } else visit(value);
      }
    }
  };
  visit(root);
  return seen;
}

const INFO_DESCRIPTION = `The reference booking API of the rental storefront and its kiosks, generated from the zod contract (src/api/contract).

Every success is \`{ data: … }\` (with a translated \`message\` after some actions; availabilities answer \`{ availabilities: { productId: count } }\`). Refusals are \`{ message }\`, and 422 \`{ message, errors: { field: [messages] } }\` with dot paths. Messages follow the request's \`Content-Language\` (\`it_IT\`, \`fr_FR\`, \`en_GB\`; Italian by default).

Two kinds of bearer token: a customer's (\`POST /v1/login\`, \`/v1/signup\`, \`/reset_password\`) and a kiosk's (\`POST /v1/pair\`), whose kiosk type (10 public, 20 admin, 30 cash desk) says what it may do.`;

export function buildOpenApiDocument(operations: readonly DocumentedOperation[] = API_OPERATIONS): Json {
  const names = nameSchemas(operations);
  const converted = z.toJSONSchema(names.registry, { ...CONVERT, uri: (id) => SCHEMA_REF + id }).schemas as Record<string, Json>;
  const schemas = Object.fromEntries(Object.entries(converted).map(([name, json]) => [name, withoutDialect(json)]));
  const paths: Record<string, Json> = {};
  for (const op of operations) (paths[openApiPath(op.path)] ??= {})[op.method] = operationObject(op, schemas, names);
  const messageSchema = names.ref(contract.MessageResponseSchema).$ref.slice(SCHEMA_REF.length);
  const validationSchema = names.ref(contract.ValidationErrorsSchema).$ref.slice(SCHEMA_REF.length);
  const responses = refusalComponents(messageSchema, validationSchema);
  const used = reachableSchemas([paths, responses], schemas);
  return {
    openapi: '3.1.0',
    info: { title: 'Rental booking API', version: '1', description: INFO_DESCRIPTION },
    servers: [{ url: '/api' }],
    tags: [...new Set(operations.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)).sort(([a], [b]) => a.localeCompare(b))),
      responses,
      securitySchemes: {
        user: { type: 'http', scheme: 'bearer', description: "A customer's token, from POST /v1/login, /v1/signup or /reset_password; 30 days." },
        kiosk: { type: 'http', scheme: 'bearer', description: "A kiosk's token, from POST /v1/pair; its type (10, 20, 30) says what it may do." },
        metrics: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN, for a Prometheus scraper on another machine.' },
      },
    },
  };
}
