// Runs on every page and costs a few bytes elsewhere: on a kiosk it loads the kiosk's page rules
// (kiosk-page.ts); any other browser loads nothing more.
import { storedTotemType } from '../stores/keys';

if (typeof document !== 'undefined' && storedTotemType() !== null) void import('./kiosk-page');
