// `npm run db:seed`: migrate, then seed; running it again changes nothing.
import { prepareDatabase, serverOptionsFromEnv } from '../main';

const { database, seeded } = await prepareDatabase(serverOptionsFromEnv());
console.log(seeded ? `[db] ${database.driver}: seeded` : `[db] ${database.driver}: seed already applied, nothing to do`);
await database.close();
