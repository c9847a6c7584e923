// `npm run bench`: every benchmark, one after the other.
import { benchApi } from './api';

await benchApi();
