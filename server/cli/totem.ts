// `npm run totem -- <command> <CODE> …`: make a kiosk, give it a new configuration password or a
// one-time pairing code, revoke it, or lift the lock wrong passwords put on it
// (server/cli/totem-commands.ts). This is how a shop's first kiosk is made and paired where the
// demo kiosks do not exist (NODE_ENV=production). With the embedded database, stop
// the server first (PGlite is single-process); with DATABASE_URL it runs beside the server.
import { loadConfigOrExit } from '../config';
import { exitOnDataDirError } from '../db/data-dir';
import { prepareDatabase } from '../main';
import { PgRateLimiter } from '../http/pg-rate-limit';
import { parseTotemArgs, runTotemCommand, TOTEM_USAGE } from './totem-commands';

const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log(TOTEM_USAGE);
  process.exit(0);
}
// A wrong use is said in one line before anything opens.
const understood = parseTotemArgs(args);
if ('status' in understood) {
  for (const line of understood.lines) console.error(line);
  process.exit(understood.status);
}
// Read before the database opens: a wrong PAIRING_CODE_TTL_MINUTES (or any variable) stops here, as it stops `npm start`.
const config = loadConfigOrExit();
const { database, retired } = await exitOnDataDirError(prepareDatabase(config));
for (const line of retired) console.error(line);
try {
  // `unlock` on PostgreSQL: the API processes count guesses in its rate_limits table, reached from here.
  const limiter = database.driver === 'postgres' ? new PgRateLimiter(database.db) : undefined;
  const result = await runTotemCommand(database.db, args, { now: new Date(), ttlMs: config.pairingCodeTtlMs, passwordHashing: config.passwordHashing, limiter });
  for (const line of result.lines) (result.status === 0 ? console.log : console.error)(line);
  process.exitCode = result.status;
} finally {
  await database.close();
}
