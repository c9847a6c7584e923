// `npm run db:migrate`: apply migrations to the configured database (PGlite by default).
import path from 'node:path';
import { openDatabase } from '../db/client';
import { defaultDataFolder, serverOptionsFromEnv } from '../main';

const { databaseUrl, dataDir } = serverOptionsFromEnv();
const database = await openDatabase({ url: databaseUrl, dataDir: path.join(dataDir ?? defaultDataFolder, 'db') });
await database.migrate();
console.log(`[db] ${database.driver}: migrations applied`);
await database.close();
