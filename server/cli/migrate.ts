// `npm run db:migrate`: apply migrations to the configured database (PGlite by default).
import { openDatabase } from '../db/client';
import { serverOptionsFromEnv } from '../main';

const { databaseUrl, dataDir } = serverOptionsFromEnv();
const database = await openDatabase({ url: databaseUrl, dataDir });
await database.migrate();
console.log(`[db] ${database.driver}: migrations applied`);
await database.close();
