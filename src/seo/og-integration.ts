// Astro integration that makes the link-preview images (src/seo/og-images.ts lists them) during
// `astro build`. Why an integration rather than `*.png.ts` endpoints: endpoints are rendered one
// after the other inside Astro's page loop, so a cold build would wait for every image; here the
// drawing starts with the build (`astro:build:start`) and runs beside Vite's bundling and the
// page rendering (resvg rasterizes on libuv's thread pool, the second core), and the files are
// copied into dist/og/ when the pages are done. Drawn images are cached under Astro's cacheDir
// (node_modules/.astro/og-images/), keyed on template version, font, renderer and text.
// `astro dev` draws an image when it is first asked for (ogDevMiddleware).
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { AstroIntegration } from 'astro';
import { loadSeoData } from '~seo-data/schema';
import { LOCALES } from '../domain/locales';
import { getT } from '../i18n/server';
import { ogImageList, type OgContext } from './og-images';
import { copyOgImages, drawOgImages } from './og-render';

const imagesOf = (siteName: string) => {
  const ctx: OgContext = { siteName, defaultTitle: (locale) => getT(locale)('app.defaultTitle') };
  return ogImageList(loadSeoData(), LOCALES, ctx);
};

/**
 * The dev server's `/og/{name}.png`: the image drawn on its first request (then from the cache);
 * any other path goes on to Astro.
 */
export function ogDevMiddleware(siteName: string, cacheDir: string) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const name = /^\/og\/([a-z0-9-]+)\.png$/.exec(new URL(req.url ?? '/', 'http://dev.invalid').pathname)?.[1];
    const image = name ? imagesOf(siteName).find((i) => i.name === name) : undefined;
    if (!image) return next();
    drawOgImages([image], cacheDir).then(
      ({ files }) => {
        res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-cache' });
        createReadStream(files.get(image.name)!).pipe(res);
      },
      (error: unknown) => {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`link-preview image not drawn: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  };
}

export function ogImagesIntegration(options: { siteName: string }): AstroIntegration {
  let cacheDir = '';
  let drawing: ReturnType<typeof drawOgImages> | undefined;
  return {
    name: 'og-images',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = path.join(fileURLToPath(config.cacheDir), 'og-images');
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(ogDevMiddleware(options.siteName, cacheDir));
      },
      'astro:build:start': () => {
        drawing = drawOgImages(imagesOf(options.siteName), cacheDir);
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
