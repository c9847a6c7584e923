// `npm run dev`: Astro dev server (pages, islands, HMR) + the API restarted on change, proxied at `/api`.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../server/db/client';

const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name);
const env = { ...process.env, API_PORT: process.env.API_PORT ?? '4322' };
const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/dev.ts'], { cwd: projectRoot, env, stdio: 'inherit' }),
  spawn(bin('astro'), ['dev', '--port', process.env.PORT ?? '4321'], { cwd: projectRoot, env, stdio: 'inherit' }),
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
