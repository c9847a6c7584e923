// @ts-check
// The site build's variables, for astro:env (astro.config.mjs `env.schema`): declared once with
// their defaults, checked when the site is built (a wrong value stops the build, naming it), read
// through `astro:env/client` (src/config.ts, the trail map), never import.meta.env. `PUBLIC_*` end
// up in the pages' HTML and JavaScript: change one, then rebuild. Plain JS: astro.config.mjs and
// vitest.config.ts (which serves astro:env/client to the unit tests from it) import it, and
// README.md's "Configuration" table is checked against it (tests/unit/server/readme-configuration.test.ts).
// The server's variables are server/config.ts's.
import { envField } from 'astro/config';

export const envSchema = {
  PUBLIC_SITE_NAME: envField.string({ context: 'client', access: 'public', default: 'RentAlp' }),
  // Also read at run time by the API for the links in e-mails (server/config.ts).
  PUBLIC_SITE_URL: envField.string({ context: 'server', access: 'public', url: true, default: 'http://localhost:4321' }),
  PUBLIC_API_URL: envField.string({ context: 'client', access: 'public', default: '/api' }),
  // Stripe Checkout's host by default: the build cannot know whether the API it talks to has Stripe
  // configured, and an API without Stripe never answers a Stripe address, so trusting it costs nothing.
  PUBLIC_PAYMENT_HOSTS: envField.string({ context: 'client', access: 'public', default: 'checkout.stripe.com' }),
  PUBLIC_MAP_TILE_URL: envField.string({
    context: 'client',
    access: 'public',
    includes: '{z}',
    default: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  }),
  // A kiosk takes a new build only after this many seconds without a tap, a key or a scan, with
  // nothing in flight (src/domain/kiosk-update.ts).
  PUBLIC_KIOSK_UPDATE_IDLE_S: envField.number({ context: 'client', access: 'public', int: true, gt: 0, default: 60 }),
  PUBLIC_MAP_TILE_ATTRIBUTION: envField.string({ context: 'client', access: 'public', optional: true }),
  // The outside booking API the build takes its prices from (src/seo/offers.ts); unset: the
  // committed ones. Never sent to a browser.
  CATALOGUE_API_URL: envField.string({ context: 'server', access: 'secret', url: true, optional: true }),
};
