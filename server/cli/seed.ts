// `npm run db:seed`: migrate, then seed; running it again changes nothing. `npm start` also runs
// it as a child process to create a fresh embedded database (server/main.ts).
import { loadConfigOrExit } from '../config';
import { exitOnDataDirError } from '../db/data-dir';
import { prepareDatabase } from '../main';

const { database, seeded } = await exitOnDataDirError(prepareDatabase(loadConfigOrExit()));
console.log(seeded ? `[db] ${database.driver}: seeded` : `[db] ${database.driver}: seed already applied, nothing to do`);
await database.close();
