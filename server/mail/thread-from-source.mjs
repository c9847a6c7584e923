// Starts the mail thread from its TypeScript source (tests, `npm run dev`): a worker thread does not
// inherit the parent's TypeScript loader, so it registers tsx itself before loading the entry.
// `npm start` runs the bundled entry instead (scripts/launch.mjs), with no loader at all.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
