// `npm run bench`: every benchmark, one after the other. The site benchmark reuses the build
// benchmark's last build of ours (cold, dist/ in place): one build timer, not two.
import { benchApi } from './api';
import { benchBuild } from './build';
import { benchSite } from './site';

await benchApi();
const build = await benchBuild();
await benchSite(build.last);
