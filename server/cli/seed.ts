// `npm run db:seed`: migrate, then seed; running it again changes nothing. `npm start` also runs
// it as a child process to create a fresh embedded database (server/main.ts).
import { loadConfigOrExit } from '../config';
import { exitOnDataDirError } from '../db/data-dir';
import { prepareDatabase } from '../main';
import { configureLogger, logger } from '../log';
import { noArgumentsOrExit } from './usage';

const USAGE = 'Usage: npm run db:seed   (no arguments: DATABASE_URL or DATA_DIR say which database)';
noArgumentsOrExit(USAGE);
const config = loadConfigOrExit();
configureLogger({ level: config.logLevel });
const { database, seeded, retired } = await exitOnDataDirError(prepareDatabase(config));
logger.info({ driver: database.driver }, seeded ? 'database seeded' : 'seed already applied, nothing to do');
for (const line of retired) logger.warn(line);
await database.close();
