// The font files of the link-preview images: what og-draw.ts draws with, and part of every
// cached image's key (og-render.ts), which must not need the drawing libraries to be computed.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Inter from @fontsource (an npm package: the build needs no system font), Latin and Latin
 * Extended, bold and regular; WOFF, which satori reads (not WOFF2).
 */
export const OG_FONT_FILES = [
  { weight: 700, file: require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff') },
  { weight: 700, file: require.resolve('@fontsource/inter/files/inter-latin-ext-700-normal.woff') },
  { weight: 400, file: require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff') },
  { weight: 400, file: require.resolve('@fontsource/inter/files/inter-latin-ext-400-normal.woff') },
] as const;
