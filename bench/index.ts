// `npm run bench`: every benchmark, one after the other. The site benchmark reuses the build
// benchmark's last build of ours (cold, dist/ in place): one build timer, not two. The last table is
// the committed network beside one ten times larger (bench/network.ts), which ends on a build of
// the committed one. With
// BENCH_DATABASE_URL (a PostgreSQL admin URL) the API's one-vs-two-process scenario runs too.
import { benchApi } from './api';
import { benchBuild } from './build';
import { benchNetwork } from './network';
import { benchSite } from './site';

await benchApi();
if (process.env.BENCH_DATABASE_URL) await (await import('./cluster')).benchCluster(process.env.BENCH_DATABASE_URL);
else console.log('\nBENCH_DATABASE_URL is not set: the two-process PostgreSQL scenario is skipped.');
const build = await benchBuild();
await benchSite(build.last);
await benchNetwork();
