// `npm run db:backup [-- --out <folder>]`: the configured database (PGlite's data folder, or
// PostgreSQL with DATABASE_URL), the documents and the mail outbox into one timestamped
// .tar.gz, by default in backups/ of the project folder (server/backup/).
import path from 'node:path';
import { loadConfigOrExit } from '../config';
import { projectRoot } from '../db/client';
import { createBackup } from '../backup/backup';
import { exitOnRefusal } from '../backup/refusal';
import { parseArgsOrExit } from './usage';

const USAGE = 'Usage: npm run db:backup [-- --out <folder>]   (default: backups/ in the project folder; a relative folder is from the project folder)';
const BYTES_PER_KB = 1024;
const BYTES_PER_MB = 1024 * BYTES_PER_KB;
const size = (bytes: number) => (bytes < BYTES_PER_MB ? `${Math.ceil(bytes / BYTES_PER_KB)} KB` : `${(bytes / BYTES_PER_MB).toFixed(1)} MB`);

const { values } = parseArgsOrExit({ options: { out: { type: 'string' }, help: { type: 'boolean' } } }, USAGE);
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const config = loadConfigOrExit();
const outDir = path.resolve(projectRoot, values.out ?? 'backups');
const { file, bytes, manifest } = await exitOnRefusal(createBackup(config, { outDir }), USAGE);
const files = Object.entries(manifest.files).map(([folder, count]) => `${count} in ${folder}`).join(', ');
console.log(`[backup] ${manifest.database} database at ${manifest.schema.lastMigration}, files: ${files}`);
console.log(`[backup] written ${file} (${size(bytes)})`);
