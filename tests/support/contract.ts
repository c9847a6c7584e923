// Reading the API's answers in tests through the contract: a 2xx body is parsed with the
// schema the browser parses (src/api/contract), so a test reads what a client reads and fails when
// the server drifts from the contract. Refusals (4xx) are parsed with the contract's error shapes.
// The route table `call` reads by (ROUTES, RouteAnswer): ./contract-routes.ts.
import { array as arrayOf, object } from 'zod/mini';
import { parse, type $ZodType, type output } from 'zod/v4/core';
import { MessageResponseSchema, ValidationErrorsSchema } from '~/api/contract/index';
import { parseByRoute } from './contract-routes';

export { parseByRoute };
export type { RouteAnswer } from './contract-routes';

/** A list of `schema` (a `data` that is an array of a contract entity). */
export const listOf = arrayOf;

/** The `{ data: schema }` envelope of the whole API (src/api/contract/index.ts), for `answer` and `outcome`. */
export const envelopeOf = <S extends $ZodType>(schema: S) => object({ data: schema });

const isSuccess = (status: number) => status >= 200 && status < 300;

async function readJson(res: Response, expect: 'success' | 'refusal'): Promise<unknown> {
  const text = await res.text();
  const ok = expect === 'success' ? isSuccess(res.status) : res.status >= 400 && res.status < 500;
  if (!ok) throw new Error(`expected a ${expect === 'success' ? '2xx' : '4xx'} answer, got ${res.status}: ${text}`);
  return JSON.parse(text);
}

/** A 2xx answer parsed whole with its contract schema (an envelope, or availabilities at the top level). */
export async function answer<S extends $ZodType>(res: Response, schema: S): Promise<output<S>> {
  return parse(schema, await readJson(res, 'success'));
}

/** The `data` of a 2xx `{ data: … }` answer (src/api/contract/index.ts), parsed with `schema`. */
export async function data<S extends $ZodType>(res: Response, schema: S): Promise<output<S>> {
  const body = await readJson(res, 'success');
  if (typeof body !== 'object' || body === null || !('data' in body)) throw new Error(`no data in ${JSON.stringify(body)}`);
  return parse(schema, body.data);
}

/**
 * A refusal as the contract describes it: `{ message }`, and for 422 `{ message, errors }`. Typed with
 * `errors` present: the tests read it after checking a 422 (the value is the body as parsed, nothing added).
 */
export type Refusal = output<typeof MessageResponseSchema> & Pick<output<typeof ValidationErrorsSchema>, 'errors'>;

function refusalOf(body: unknown): Refusal {
  return (typeof body === 'object' && body !== null && 'errors' in body ? parse(ValidationErrorsSchema, body) : parse(MessageResponseSchema, body)) as Refusal;
}

/** A 4xx answer's body, parsed with the contract's error shapes. */
export async function refusal(res: Response): Promise<Refusal> {
  return refusalOf(await readJson(res, 'refusal'));
}

/**
 * Either side of a call whose outcome the test checks by status: the parsed 2xx envelope, or the
 * refusal. Typed as both so a test reads `data` after checking 2xx and `errors` after checking 4xx.
 */
export async function outcome<S extends $ZodType>(res: Response, schema: S): Promise<output<S> & Refusal> {
  const text = await res.text();
  const body: unknown = JSON.parse(text);
  if (isSuccess(res.status)) return parse(schema, body) as output<S> & Refusal;
  return refusalOf(body) as output<S> & Refusal;
}

/**
 * Either side of a call whose outcome the test checks by status, read by its route (ROUTES): a 2xx
 * body parsed with the route's contract schema, a 4xx one with the contract's error shapes.
 */
export async function outcomeByRoute(method: string, url: string, res: Response): Promise<{ status: number; body: unknown }> {
  const body: unknown = JSON.parse(await res.text());
  return { status: res.status, body: isSuccess(res.status) ? parseByRoute(method, url, body) : refusalOf(body) };
}
