// What astro.config.mjs takes from the project's own modules, bundled for it by
// src/build/config-modules.mjs (which says why).
export { isNoindexUrlPath } from '../seo/noindex.mjs';
export { islandsMessages } from '../i18n/islands-messages-plugin.mjs';
export { envSchema } from '../env-schema.mjs';
export { DEFAULT_LOCALE, LOCALES } from '../domain/locales';
export { ogImagesIntegration } from '../seo/og-integration';
export { kioskOfflineIntegration } from '../features/kiosk/offline/integration';
export { preloadWithoutLoaded } from './preload-deps.mjs';
