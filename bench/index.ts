// `npm run bench`: every benchmark, one after the other.
import { benchApi } from './api';
import { benchSite } from './site';

await benchApi();
await benchSite();
