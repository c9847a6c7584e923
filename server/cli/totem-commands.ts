// The subcommands of `npm run totem` (server/cli/totem.ts), apart from opening the database so the
// tests run them against theirs:
//   create <CODE> --shop <slug|id> --type <10|20|30>   a new kiosk and its configuration password
//   password <CODE>                                    a new configuration password (devices stay paired)
//   pairing-code <CODE>                                a one-time pairing code (PAIRING_CODE_TTL_MINUTES)
//   revoke <CODE>                                      a lost or stolen kiosk: its devices, its pending
//                                                      code and every code it minted end (as from an
//                                                      admin kiosk; the way out when the stolen tablet
//                                                      was the shop's only admin kiosk)
//   unlock <CODE>                                      lifts the lock too many wrong configuration
//                                                      passwords put on the kiosk (as from an admin
//                                                      kiosk; wrong guesses count from zero again)
// Passwords and codes are printed once and stored hashed. The command line is how a shop's first
// kiosk is made and paired; later ones can be handled from an admin kiosk's configuration page.
import { parseArgs } from 'node:util';
import type { Db } from '../db/client';
import { issuePairingCode, revokeTotem } from '../staff/pairing';
import { rotateKioskPassword, unlockKioskPassword } from '../staff/kiosk-password';
import type { ScryptParams } from '../auth/passwords';
import type { RateLimiter } from '../http/rate-limit';
import { createKiosk, findKiosk, KioskCommandError } from '../staff/kiosks';
import { argumentError, MISUSE_EXIT_CODE, misuseLine } from './usage';

export const TOTEM_USAGE = [
  'usage: npm run totem -- create <CODE> --shop <slug|id> --type <10|20|30>',
  '       npm run totem -- password <CODE>',
  '       npm run totem -- pairing-code <CODE>',
  '       npm run totem -- revoke <CODE>',
  '       npm run totem -- unlock <CODE>',
  'With the embedded database (no DATABASE_URL), stop the server first: PGlite serves one process.',
].join('\n');

export interface TotemCommandResult {
  /** The process's exit code: 0 done, 1 refused, 2 not understood. */
  status: 0 | 1 | 2;
  /** For stdout on success, stderr otherwise. */
  lines: string[];
}

/** What a wrong use is answered with, after what was wrong, on the same line (TOTEM_USAGE is --help's). */
export const TOTEM_USAGE_LINE =
  'Usage: npm run totem -- create <CODE> --shop <slug|id> --type <10|20|30> | password <CODE> | pairing-code <CODE> | revoke <CODE> | unlock <CODE>   (npm run totem -- --help)';

const refused = (message: string): TotemCommandResult => ({ status: 1, lines: [message] });
const misused = (message: string): TotemCommandResult => ({ status: MISUSE_EXIT_CODE, lines: [misuseLine(message, TOTEM_USAGE_LINE)] });
const ONCE = 'shown only now: it is stored hashed';

/** What the commands take from the configuration: the time, the pairing codes' life, the hashing cost. */
export interface TotemCommandSettings {
  now: Date;
  ttlMs: number;
  passwordHashing: ScryptParams;
  /**
   * Where the server counts configuration password guesses, for `unlock`: the rate_limits table
   * on PostgreSQL. Absent with the embedded database: its server counts them in its memory and is
   * stopped while a command runs (PGlite serves one process), which already ended any lock.
   */
  limiter?: RateLimiter;
}

async function run(db: Db, command: string, code: string, options: { shop?: string; type?: string }, clock: TotemCommandSettings): Promise<TotemCommandResult> {
  if (command === 'create') {
    if (!options.shop || !options.type) return misused('create needs --shop and --type');
    const { totem, password } = await createKiosk(db, { code, shop: options.shop, type: Number(options.type) }, clock.passwordHashing);
    return { status: 0, lines: [`${totem.code}: kiosk of type ${totem.type} created, shop ${totem.shopId}`, `${totem.code}: configuration password ${password} (${ONCE})`, `next: npm run totem -- pairing-code ${totem.code}`] };
  }
  const totem = await findKiosk(db, code);
  if (!totem) return refused(`no kiosk ${code.toUpperCase()}`);
  if (command === 'password') {
    const password = await rotateKioskPassword(db, totem.id, clock.passwordHashing);
    return { status: 0, lines: [`${totem.code}: configuration password ${password} (${ONCE}; its devices stay paired)`] };
  }
  if (command === 'pairing-code') {
    const issued = await issuePairingCode(db, totem, clock);
    return { status: 0, lines: [`${totem.code}: pairing code ${issued.code} (until ${issued.expiresAt.toISOString()}; one device, ${ONCE})`] };
  }
  if (command === 'revoke') {
    const { tokens, codes } = await revokeTotem(db, totem, clock.now);
    return {
      status: 0,
      lines: [`${totem.code}: revoked (${tokens} device session(s) ended, ${codes} pending pairing code(s) cancelled)`, `next, for its replacement: npm run totem -- password ${totem.code}, then npm run totem -- pairing-code ${totem.code}`],
    };
  }
  if (command === 'unlock') {
    if (!clock.limiter) return { status: 0, lines: [`${totem.code}: configuration unlocked (the embedded database's server counts wrong passwords in its memory: stopping it ended any lock)`] };
    await unlockKioskPassword(clock.limiter, totem.id);
    return { status: 0, lines: [`${totem.code}: configuration unlocked (its configuration password is accepted again at once; wrong ones count from zero)`] };
  }
  return misused(`unknown command "${command}"`);
}

const COMMANDS: readonly string[] = ['create', 'password', 'pairing-code', 'revoke', 'unlock'];

/** What follows `npm run totem --`, understood, or the wrong use answered (before any database opens). */
export function parseTotemArgs(args: readonly string[]): { command: string; code: string; options: { shop?: string; type?: string } } | TotemCommandResult {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], allowPositionals: true, options: { shop: { type: 'string' }, type: { type: 'string' } } });
  } catch (err) {
    const what = argumentError(err);
    if (what === null) throw err;
    return misused(what);
  }
  const [command, code, ...extra] = parsed.positionals;
  if (command && !COMMANDS.includes(command)) return misused(`unknown command "${command}"`);
  if (!command || !code || extra.length > 0) return misused(command ? `${command} takes one kiosk code` : 'which command?');
  if (command === 'create' && (!parsed.values.shop || !parsed.values.type)) return misused('create needs --shop and --type');
  return { command, code, options: parsed.values };
}

/** Runs `args` (what follows `npm run totem --`) on `db`. */
export async function runTotemCommand(db: Db, args: readonly string[], clock: TotemCommandSettings): Promise<TotemCommandResult> {
  const parsed = parseTotemArgs(args);
  if ('status' in parsed) return parsed;
  try {
    return await run(db, parsed.command, parsed.code, parsed.options, clock);
  } catch (err) {
    if (err instanceof KioskCommandError) return refused(err.message);
    throw err;
  }
}
