// `node --import tsx server/cli/pairing-code.ts <TOTEM-CODE>`: a new one-time pairing code for a
// kiosk, printed once (issue #11). This is how the first kiosk of a shop is paired where the
// the demo codes of server/README.md are off (NODE_ENV=production); later ones can be made from an admin kiosk
// (POST v1/totems/{code}/pairing_code). With the embedded database, stop the server first (PGlite
// is single-process); with DATABASE_URL it runs beside the server.
import { eq } from 'drizzle-orm';
import { prepareDatabase, serverOptionsFromEnv } from '../main';
import { totems } from '../db/schema/index';
import { issuePairingCode } from '../staff/pairing';

const code = (process.argv[2] ?? '').toUpperCase();
if (!code) {
  console.error('usage: node --import tsx server/cli/pairing-code.ts <TOTEM-CODE>');
  process.exit(2);
}
const { database } = await prepareDatabase(serverOptionsFromEnv());
try {
  const [totem] = await database.db.select().from(totems).where(eq(totems.code, code));
  if (!totem) {
    console.error(`no kiosk ${code}`);
    process.exitCode = 1;
  } else {
    const issued = await issuePairingCode(database.db, totem, new Date());
    console.log(`${totem.code}: ${issued.code} (until ${issued.expiresAt.toISOString()})`);
  }
} finally {
  await database.close();
}
