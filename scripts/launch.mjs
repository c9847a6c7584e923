// @ts-check
// `npm start` and `npm run start:cluster`: esbuild bundles the server from its TypeScript sources
// into one file (and the mail thread's entry into another, server/mail/mail-thread.ts), which this
// process then runs itself, so the running server carries no TypeScript loader (tsx costs about
// 60 MB of RSS: server/README.md, "Memory"). Plain JavaScript, because it runs before anything can
// compile TypeScript.
//
//   node --max-old-space-size=128 --max-semi-space-size=8 --no-liftoff scripts/launch.mjs start | start-cluster [arguments]
//
// What can only be given to node when it starts, the npm scripts give (package.json):
// - the heap cap, `--max-old-space-size` (HEAP_LIMIT_MB's default, server/config.ts); another value
//   in HEAP_LIMIT_MB starts the server as a child node process with that cap instead, this process
//   passing signals on and exiting with its code;
// - a young generation of up to 3 × 8 MB (`--max-semi-space-size=8`), because both its speed and
//   its memory count: at 3 × 4 the requests in flight under the orders load were promoted before
//   they died and the server spent about 10 % more CPU per order; at 3 × 16 (V8's default) a
//   30-minute soak passed 300 MB of RSS after eight minutes. It grows only under load (idle RSS
//   the same);
// - `--no-liftoff`: PGlite (Postgres compiled to WebAssembly) is compiled once by the optimizing
//   compiler, without a baseline copy of its code next to it: about 35 MB less RSS, queries at
//   full speed from the start, a start-up a few seconds longer while it compiles.
// server/README.md's "Memory" has today's figures, docs/performance-log.md the measures behind them.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stop } from 'esbuild';
import { bundleForNode } from '../src/build/node-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Inside node_modules, so the bundle's imports of packages resolve from where it is. */
const outdir = path.join(root, 'node_modules', '.cache', 'rentalp-server');
const ENTRIES = { start: 'scripts/start.ts', 'start-cluster': 'scripts/start-cluster.ts' };
const HEAP_FLAG = '--max-old-space-size=';
const MAIL_THREAD = 'mail-thread';

const [name, ...args] = process.argv.slice(2);
if (!name || !(name in ENTRIES)) {
  console.error(`usage: node scripts/launch.mjs ${Object.keys(ENTRIES).join('|')} [arguments]`);
  process.exit(2);
}

// About half a second, on every start: the bundle is never older than the sources.
await bundleForNode({
  root,
  outdir,
  // The mail thread's code is an entry of its own: a worker thread loads it by path.
  entryPoints: { ...ENTRIES, config: 'server/config.ts', [MAIL_THREAD]: 'server/mail/thread-entry.ts' },
  // server/mail/mail-thread.ts starts the bundled thread where this is defined, the TypeScript source elsewhere.
  define: { MAIL_THREAD_BUNDLE: JSON.stringify(path.join(outdir, `${MAIL_THREAD}.mjs`)) },
});
// esbuild's compiler is a process of its own: not kept running beside the server.
await stop();

// The configuration the server reads: a wrong HEAP_LIMIT_MB (or any variable) stops here, exit 2.
/** @type {{ loadConfigOrExit(): { heapLimitMb: number } }} */
const { loadConfigOrExit } = await import(pathToFileURL(path.join(outdir, 'config.mjs')).href);
const { heapLimitMb } = loadConfigOrExit();
const entry = path.join(outdir, `${name}.mjs`);
const given = process.execArgv.find((flag) => flag.startsWith(HEAP_FLAG));

if (given === `${HEAP_FLAG}${heapLimitMb}`) {
  // As if node had been started on the bundle: the script reads its own path and arguments.
  process.argv = [process.argv[0] ?? process.execPath, entry, ...args];
  await import(pathToFileURL(entry).href);
} else {
  // The server in a child node with the configured cap (and this process's other flags).
  const flags = [...process.execArgv.filter((flag) => !flag.startsWith(HEAP_FLAG)), `${HEAP_FLAG}${heapLimitMb}`];
  const child = spawn(process.execPath, [...flags, entry, ...args], { cwd: root, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
}
