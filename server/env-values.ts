// How server/config.ts reads an environment variable and reports a wrong one: the value forms its
// schema is written with (whole numbers in a range, ports, 1/0 flags, addresses, URLs, origins), the
// error naming every wrong variable, and the freezing of the result. What the server's variables
// are and their defaults is config-schema.ts's; what they turn into, config.ts's.
import { z } from 'zod';
import { cspOrigin } from './http/security-headers';

export const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .regex(/^\d+$/, 'is not a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `is below ${min}`).max(max, `is above ${max}`));
export const port = () => wholeNumber(1, 65535);
/** `1` on, `0` off; unset lets the code decide (often: by NODE_ENV). */
export const flag = () => z.enum(['0', '1'], { error: 'is neither 1 nor 0' }).optional();
export const address = () => z.string().regex(/^[A-Za-z0-9.:-]+$/, 'is not an address');
export const url = (protocol: RegExp, problem: string) => z.url({ protocol, error: problem });

/** Space- or comma-separated origins; an entry that is no http(s) origin is an error, not skipped. */
export const origins = z.string().transform((value, ctx) => {
  const entries = value.split(/[\s,]+/).filter(Boolean);
  const wrong = entries.filter((entry) => cspOrigin(entry) === null);
  if (wrong.length > 0) ctx.addIssue({ code: 'custom', message: `has ${wrong.map((w) => `"${w}"`).join(', ')}, not an http(s) origin` });
  return entries.map((entry) => cspOrigin(entry)!);
});

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration (see "Configuration" in README.md):\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * `env` parsed by `schema` (one entry per variable, each `describe` the expected form), or a
 * ConfigError with one line per wrong variable: its name, its value (unless `secret`), the problem,
 * the expected form and the default. An empty variable counts as unset, as a shell's `VAR=` says.
 */
export function parseEnv<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv, secret: ReadonlySet<string>): z.output<S> {
  const present = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
  const parsed = schema.safeParse(present);
  if (parsed.success) return parsed.data;
  const defaults = schema.parse({}) as Record<string, unknown>;
  throw new ConfigError(
    parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '');
      const value = secret.has(name) ? '(value not shown)' : JSON.stringify(env[name] ?? '');
      const fallback = defaults[name];
      const expected = `${(schema.shape as Record<string, z.ZodType | undefined>)[name]?.description ?? 'a valid value'}${fallback === undefined ? '' : `, or unset for ${String(fallback)}`}`;
      return `${name}=${value} ${issue.message}; expected ${expected}`;
    }),
  );
}

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
