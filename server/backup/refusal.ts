// For the db:backup and db:restore commands: a refusal or an unusable data folder prints its
// message and exits 1, without a stack trace; anything else is a fault and keeps its stack.
import { DATA_DIR_EXIT_CODE, DataDirError } from '../db/data-dir';
import { BackupRefusal } from './manifest';

export async function exitOnRefusal<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (!(err instanceof BackupRefusal) && !(err instanceof DataDirError)) throw err;
    console.error(err.message);
    process.exit(DATA_DIR_EXIT_CODE);
  }
}
