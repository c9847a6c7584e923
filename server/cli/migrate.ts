// `npm run db:migrate`: apply migrations to the configured database (PGlite by default).
import path from 'node:path';
import { openDatabase } from '../db/client';
import { loadConfigOrExit } from '../config';
import { exitOnDataDirError } from '../db/data-dir';
import { configureLogger, logger } from '../log';
import { noArgumentsOrExit } from './usage';

const USAGE = 'Usage: npm run db:migrate   (no arguments: DATABASE_URL or DATA_DIR say which database)';
noArgumentsOrExit(USAGE);
const config = loadConfigOrExit();
configureLogger({ level: config.logLevel });
const database = await exitOnDataDirError(openDatabase({ url: config.databaseUrl ?? undefined, dataDir: path.join(config.dataDir, 'db'), namedStatements: config.namedStatements }));
await database.migrate();
logger.info({ driver: database.driver }, 'migrations applied');
await database.close();
