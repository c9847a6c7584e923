// Astro integration that makes the link-preview images (src/seo/og-images.ts lists them) during
// `astro build`. Why an integration rather than `*.png.ts` endpoints: endpoints are rendered one
// after the other inside Astro's page loop, so a cold build would wait for every image; here the
// drawing starts with the build (`astro:build:start`) and runs beside Vite's bundling and the
// page rendering (resvg rasterizes on libuv's thread pool, the second core), and the files are
// copied into dist/og/ when the pages are done. Drawn images are cached under Astro's cacheDir
// (node_modules/.astro/og-images/), keyed on template version, font, renderer and text.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { AstroIntegration } from 'astro';
import { loadSeoData } from '../../seo-data/schema';
import { LOCALES } from '../domain/locales';
import { getT } from '../i18n/server';
import { ogImageList, type OgContext } from './og-images';
import { copyOgImages, drawOgImages } from './og-render';

export function ogImagesIntegration(options: { siteName: string }): AstroIntegration {
  let cacheDir = '';
  let drawing: ReturnType<typeof drawOgImages> | undefined;
  return {
    name: 'og-images',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = path.join(fileURLToPath(config.cacheDir), 'og-images');
      },
      'astro:build:start': () => {
        const ctx: OgContext = { siteName: options.siteName, defaultTitle: (locale) => getT(locale)('app.defaultTitle') };
        drawing = drawOgImages(ogImageList(loadSeoData(), LOCALES, ctx), cacheDir);
        // Awaited at build:done; kept from being reported as unhandled meanwhile.
        drawing.catch(() => {});
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!drawing) return;
        const { files, stats } = await drawing;
        copyOgImages(files, path.join(fileURLToPath(dir), 'og'));
        logger.info(`${stats.images} link-preview images (${stats.drawn} drawn, ${stats.cached} from the cache) in ${stats.ms} ms`);
      },
    },
  };
}
