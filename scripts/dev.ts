// `npm run dev`: Astro dev server (pages, islands, HMR) + the API restarted on change, proxied at `/api`.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../server/db/client';
import { loadConfigOrExit } from '../server/config';

// Checked before anything starts: the API would stop on a wrong value while Astro went on serving.
const config = loadConfigOrExit();
const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name);
// astro.config.mjs proxies `/api` to API_PORT: it gets the port server/dev.ts listens on.
const env = { ...process.env, API_PORT: String(config.apiPort) };
const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/dev.ts'], { cwd: projectRoot, env, stdio: 'inherit' }),
  spawn(bin('astro'), ['dev', '--port', String(config.port)], { cwd: projectRoot, env, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
