// One documented route of the API: what server/openapi/document.ts turns into an OpenAPI operation.
// The tables (server/openapi/routes/*.ts) name, for each method and path the Hono app registers, the
// contract's zod schemas it reads and answers with and an example of each; tests/api/openapi.test.ts
// fails when a registered route has no entry, an entry has no route, or an example does not parse.
import type * as z from 'zod/mini';

type Schema = z.core.$ZodType;

/** Who may call: a customer's bearer token (v1/login), a kiosk's (v1/pair) of at least a type, or anyone. */
export type Caller =
  | { kind: 'anyone' }
  | { kind: 'user' }
  /** 10 public kiosk, 20 admin kiosk, 30 admin and cash desk (server/staff/permissions.ts). */
  | { kind: 'kiosk'; minType: 10 | 20 | 30 }
  /** A guest, a logged-in customer or a kiosk: each sees what it may (the route says how). */
  | { kind: 'anyone-or-token'; kioskMinType?: 10 | 20 | 30 }
  /** A customer's token or a kiosk's (of at least `kioskMinType`), one of the two. */
  | { kind: 'user-or-kiosk'; kioskMinType: 10 | 20 | 30 }
  /** A scraper on the API's machine, or one presenting METRICS_TOKEN (server/metrics/access.ts). */
  | { kind: 'metrics-scraper' };

/** A body with a contract schema and an example of it (typed by the schema's wire form, its input). */
export interface SchemaBody {
  kind: 'json' | 'multipart' | 'urlencoded';
  schema: Schema;
  example: unknown;
  /** Alternatives accepted with the same schema (pusher-js posts a form, others JSON). */
  alsoAs?: readonly ('json' | 'urlencoded')[];
}

/** A body the contract has no schema for: a file, a CSV, an HTML page, this document. */
export interface RawBody {
  kind: 'raw';
  mediaType: string;
  /** A text sample (a CSV line, a GPX file's start); none for binary files. */
  example?: string;
}

export type Body = SchemaBody | RawBody;

export const json = <S extends Schema>(schema: S, example: z.input<S>): SchemaBody => ({ kind: 'json', schema, example });
/**
 * A multipart form: its fields as the API reads them. A file part's example is FILE_PART (a JSON
 * example cannot hold bytes; tests/api/openapi.test.ts puts a file in its place before parsing).
 */
export const multipart = <S extends Schema>(schema: S, example: Record<string, unknown>): SchemaBody => ({ kind: 'multipart', schema, example });
export const FILE_PART = '(file)';
export const raw = (mediaType: string, example?: string): RawBody => ({ kind: 'raw', mediaType, example });

/** Refusals a route may answer beyond the ones its caller, path and input imply (see errorStatuses). */
export type ErrorStatus = 400 | 403 | 404 | 409 | 410 | 413 | 422 | 429;

export interface HeaderParam {
  name: string;
  description: string;
  required: boolean;
  schema: Schema;
  example: string;
}

export interface Reply {
  status: 200 | 201 | 204 | 303;
  description: string;
  body?: Body;
  headers?: Record<string, string>;
}

export interface ApiOperation {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** As Hono registers it under /api: `/v1/orders/:id`. */
  path: string;
  summary: string;
  description?: string;
  caller: Caller;
  /** Path parameters whose rule is not the one their name implies (server/openapi/params.ts). */
  params?: Record<string, { schema: Schema; example: string; description: string }>;
  /** `checked: false`: read as it comes, never refused (no 422). */
  query?: { schema: Schema; example: Record<string, string>; checked?: false };
  body?: Body;
  /** Headers the route reads besides Authorization (an idempotency key). */
  headers?: readonly HeaderParam[];
  reply: Reply;
  /** Answers with a body of their own besides `reply` (readiness: 503 with the same body). */
  otherReplies?: readonly (Omit<Reply, 'status'> & { status: number })[];
  /** Refusals beyond the implied ones. */
  errors?: readonly ErrorStatus[];
}

/** Groups an operation under a tag of the reference page. */
export const tagged = (tag: string, operations: readonly ApiOperation[]) => operations.map((operation) => ({ ...operation, tag }));
export type TaggedOperation = ApiOperation & { tag: string };
