// For the db:backup and db:restore commands: a refusal or an unusable data folder prints its
// message and exits 1, without a stack trace; anything else is a fault and keeps its stack. A
// refusal of the file (a crafted or foreign archive, a newer schema…) is one line followed by the
// command's usage; an unusable data folder keeps its lines of what to check.
import { DATA_DIR_EXIT_CODE, DataDirError } from '../db/data-dir';
import { misuseLine } from '../cli/usage';
import { BackupRefusal } from './manifest';

export async function exitOnRefusal<T>(work: Promise<T>, usage: string): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (!(err instanceof BackupRefusal) && !(err instanceof DataDirError)) throw err;
    console.error(err instanceof BackupRefusal ? misuseLine(err.message, usage) : err.message);
    process.exit(DATA_DIR_EXIT_CODE);
  }
}
