// `npm run db:restore -- <backup file> [--force]`: a backup made by db:backup back into the
// configured database and DATA_DIR (server/backup/restore.ts says what it refuses).
import path from 'node:path';
import { loadConfigOrExit } from '../config';
import { projectRoot } from '../db/client';
import { restoreBackup } from '../backup/restore';
import { exitOnRefusal } from '../backup/refusal';
import { exitMisused, parseArgsOrExit } from './usage';

const USAGE = 'Usage: npm run db:restore -- <backup file> [--force]';
const HELP = `${USAGE}
  --force  restore over a database or DATA_DIR that holds data (folders are moved aside into DATA_DIR/replaced-<time>, a PostgreSQL database dumped there, then dropped)`;

const { values, positionals } = parseArgsOrExit({ allowPositionals: true, options: { force: { type: 'boolean' }, help: { type: 'boolean' } } }, USAGE);
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
if (positionals.length === 0) exitMisused('Which backup file?', USAGE);
if (positionals.length > 1) exitMisused(`Unexpected argument '${positionals[1]}'`, USAGE);
const config = loadConfigOrExit();
const file = path.resolve(projectRoot, positionals[0]!);
const { manifest, movedAside } = await exitOnRefusal(restoreBackup(config, file, { force: values.force ?? false }), USAGE);
const files = Object.entries(manifest.files).map(([folder, count]) => `${count} in ${folder}`).join(', ');
console.log(`[restore] ${manifest.database} database at ${manifest.schema.lastMigration} (backup of ${manifest.createdAt}), files: ${files}`);
if (movedAside) console.log(`[restore] what stood in DATA_DIR was moved to ${movedAside}: delete it once the restore is checked`);
console.log('[restore] done: npm start migrates it to this code if it is older');
