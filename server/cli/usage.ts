// What every command line (db:backup, db:restore, db:migrate, db:seed, totem) does when it is used
// wrongly (an unknown option, an argument it does not take, one it lacks): one line on stderr, what
// was wrong and then the usage, and exit 2. node's parseArgs throws a TypeError whose stack trace
// and ERR_PARSE_ARGS_… code tell an operator nothing; its message's first sentence does.
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** The exit code of a command line that was not understood (a refusal of what it was given is 1). */
export const MISUSE_EXIT_CODE = 2;

/** `what` was wrong, then the usage, as one line (a message's own line breaks are folded). */
export function misuseLine(what: string, usage: string): string {
  return `${what.replace(/\s*\n\s*/g, ' ').replace(/[.\s]+$/, '')}. ${usage}`;
}

/** parseArgs's refusal as people read it ("Unknown option '--x'"), or null for any other error. */
export function argumentError(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (!(err instanceof Error) || typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS_')) return null;
  // The sentences after the first tell a programmer how to pass a value starting with '-'.
  return err.message.split(/\.\s/)[0]!;
}

/** Says `what` was wrong and the usage in one line on stderr, and exits 2. */
export function exitMisused(what: string, usage: string): never {
  console.error(misuseLine(what, usage));
  process.exit(MISUSE_EXIT_CODE);
}

/** parseArgs over this process's arguments; a wrong use is said in one line with `usage` (exit 2). */
export function parseArgsOrExit<T extends ParseArgsConfig>(config: T, usage: string): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (err) {
    const what = argumentError(err);
    if (what === null) throw err;
    return exitMisused(what, usage);
  }
}

/** A command that takes no arguments: `--help` prints `usage` (exit 0), anything else is a wrong use. */
export function noArgumentsOrExit(usage: string): void {
  if (parseArgsOrExit({ options: { help: { type: 'boolean' } } }, usage).values.help) {
    console.log(usage);
    process.exit(0);
  }
}
