// Test runs log warnings and errors only: one line per request would bury the reporter's output
// (the suite makes thousands), while a 500's stack still shows. A test that reads the log sets
// its own level and destination (tests/api/request-log.test.ts).
import { configureLogger } from '~server/log';

configureLogger({ level: 'warn' });
