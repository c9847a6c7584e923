// Types of the project's own client directives (astro.config.mjs registers them).
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrate on first interaction, or at idle when there is a cart or a session to show;
     * `"kiosk"`: at idle on a kiosk, never elsewhere (src/scripts/client-lazy.ts).
     */
    'client:lazy'?: boolean | 'kiosk';
  }
}
