// A control byte in the path names nothing: no id, slug, code or session holds one (the contract's
// NO_CONTROL_CHARACTERS), and a NUL reaching a query is a database error, not a refusal. One check
// here for every route's path parameters, answered as an unknown path is; query strings and bodies
// are refused field by field by the contract's schemas (src/api/contract/fields.ts).
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';

/** A C0 control character or DEL, as sent (`%00`…`%1F`, `%7F`) or raw. */
// eslint-disable-next-line no-control-regex -- matching control characters is the rule
const CONTROL_IN_PATH = /%(?:[01][0-9a-f]|7f)|[\u0000-\u001F\u007F]/i;

/** The path as the client wrote it, before any decoding (the router decodes `%00` into a NUL). */
function rawPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  if (start < 0) return '';
  const end = url.search(/[?#]/);
  return end < 0 || end < start ? url.slice(start) : url.slice(start, end);
}

export const refuseControlBytesInPath: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (CONTROL_IN_PATH.test(rawPath(c.req.url))) return c.json({ message: c.get('t')('api.notFound') }, 404);
  await next();
};
