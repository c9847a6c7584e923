// The refusals every route shares, as OpenAPI response components: `{ message }`, and for 422 (and a
// refusal naming a field) `{ message, errors: { field: [messages] } }` (server/app.ts onError). The
// examples are the API's own messages in its default language (Italian), from i18n/*.json.
import { translator } from '../http/locale';
import type { ApiOperation, Caller } from './operation';

export const SCHEMA_REF = '#/components/schemas/';
const RESPONSE_REF = '#/components/responses/';

const t = translator('it');

/** Seconds the 503 answer asks a client to wait (server/app.ts BUSY_RETRY_AFTER_S). */
const RETRY_AFTER_EXAMPLE = '5';

const REFUSALS = {
  400: { name: 'BadRequest', text: 'The body is not what the route can accept as it is (a webhook whose signature does not verify).', key: 'api.webhookSignature' },
  401: { name: 'Unauthenticated', text: 'No token, or an unknown, expired or revoked one, on a route that needs one.', key: 'api.unauthenticated' },
  403: { name: 'Forbidden', text: 'The token is valid but may not do this (a user token on a kiosk route, a kiosk of too low a type).', key: 'api.forbidden' },
  404: { name: 'NotFound', text: 'Unknown id, slug or code, or something the caller may not see.', key: 'api.notFound' },
  409: { name: 'Conflict', text: 'Another request holds what this one needs (a payment claim, an idempotency key still running): retry later.', key: 'api.idempotencyInProgress' },
  410: { name: 'Gone', text: 'The order can no longer change (paid, cancelled, past its first day or with units handed out).', key: 'api.orderNotEditable' },
  413: { name: 'TooLarge', text: 'The body is larger than the route takes.', key: 'api.tooLarge' },
  429: { name: 'TooManyRequests', text: 'Rate-limited (per address, account, e-mail or code): wait and retry. A refused upload names its field in `errors`.', key: 'api.tooManyRequests' },
  503: { name: 'Unavailable', text: 'The database is busy or unreachable, the server is hashing as many passwords as it queues, or a service the route needs is off: nothing was changed; retry after `Retry-After` seconds.', key: 'api.busy' },
} as const;

type RefusalStatus = keyof typeof REFUSALS | 422;

/** The `responses` components: one per refusal, with its body's schema and an example. */
export function refusalComponents(messageSchema: string, validationSchema: string): Record<string, unknown> {
  const components: Record<string, unknown> = {};
  for (const [status, refusal] of Object.entries(REFUSALS)) {
    components[refusal.name] = {
      description: refusal.text,
      ...(status === '503' ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'string' }, example: RETRY_AFTER_EXAMPLE } } } : {}),
      content: {
        'application/json': {
          schema: { $ref: SCHEMA_REF + messageSchema },
          example: { message: t(refusal.key, { seconds: 60, totem: 'BARD-03' }) },
        },
      },
    };
  }
  components.Invalid = {
    description: 'Invalid input: `errors` maps each field (dot paths: `cart.0.customer.height`) to its messages; `message` is the first one.',
    content: {
      'application/json': {
        schema: { $ref: SCHEMA_REF + validationSchema },
        example: { message: t('validators.required'), errors: { first_name: [t('validators.required')] } },
      },
    },
  };
  return components;
}

const needsToken = (caller: Caller) => caller.kind === 'user' || caller.kind === 'kiosk' || caller.kind === 'user-or-kiosk';
const checksKioskType = (caller: Caller) =>
  caller.kind === 'kiosk' || (caller.kind === 'user-or-kiosk' && caller.kioskMinType > 10) || (caller.kind === 'anyone-or-token' && !!caller.kioskMinType);

/** The refusals of an operation: those its caller, path and input imply, the ones it names, and 503. */
export function refusalStatuses(op: ApiOperation): RefusalStatus[] {
  const statuses = new Set<RefusalStatus>(op.errors ?? []);
  if (needsToken(op.caller)) statuses.add(401);
  if (checksKioskType(op.caller)) statuses.add(403);
  if (op.path.includes(':')) statuses.add(404);
  if ((op.query && op.query.checked !== false) || op.headers?.length || (op.body && op.body.kind !== 'raw')) statuses.add(422);
  if (op.body) statuses.add(413);
  // The token of any request is looked up in the database, whatever the route.
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

export function refusalRef(status: RefusalStatus): { $ref: string } {
  return { $ref: RESPONSE_REF + (status === 422 ? 'Invalid' : REFUSALS[status].name) };
}

/** The security requirement of a caller (components.securitySchemes: `user`, `kiosk`) and what to say of it. */
export function securityOf(caller: Caller): { security: Record<string, string[]>[]; text: string } {
  const kioskText = (type: number) => (type === 10 ? 'any kiosk' : type === 20 ? 'an admin kiosk (type 20 or 30)' : 'a cash desk kiosk (type 30)');
  switch (caller.kind) {
    case 'anyone':
      return { security: [], text: 'Anyone; no token needed.' };
    case 'user':
      return { security: [{ user: [] }], text: "A customer's token." };
    case 'kiosk':
      return { security: [{ kiosk: [] }], text: `The token of ${kioskText(caller.minType)}.` };
    case 'anyone-or-token':
      return {
        security: [{}, { user: [] }, { kiosk: [] }],
        text: `Anyone, a customer's token or the token of ${kioskText(caller.kioskMinType ?? 10)}: each sees what it may.`,
      };
    case 'metrics-scraper':
      return {
        security: [{}, { metrics: [] }],
        text: 'A client on the API\'s own machine (loopback), or one presenting METRICS_TOKEN; anyone else gets 404, as for an unknown path.',
      };
    case 'user-or-kiosk':
      return { security: [{ user: [] }, { kiosk: [] }], text: `A customer's token or the token of ${kioskText(caller.kioskMinType)}.` };
  }
}
