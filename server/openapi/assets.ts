// The reference page's files: Swagger UI's, read from its npm package (swagger-ui-dist) and served by
// the API itself (no CDN, so the page works offline and its CSP can be 'self' only), and the page's
// own start script, a file rather than an inline script so the CSP needs no 'unsafe-inline' for
// scripts.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
// The package's own way to find its files (types: swagger-ui-dist.d.ts).
import swaggerDir from 'swagger-ui-dist/absolute-path.js';

/** Starts Swagger UI on the document next to the page (`/api/docs` → `/api/v1/openapi.json`). */
const START_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: new URL('v1/openapi.json', window.location.href).href,
    dom_id: '#swagger-ui',
    deepLinking: true,
    // No call to the public validator service: the page talks to this API only.
    validatorUrl: null,
  });
});
`;

interface Asset {
  type: string;
  /** A file of swagger-ui-dist, or the text itself. */
  file?: string;
  text?: string;
}

export const DOCS_ASSETS: Record<string, Asset> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', file: 'swagger-ui.css' },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', file: 'swagger-ui-bundle.js' },
  'favicon-32x32.png': { type: 'image/png', file: 'favicon-32x32.png' },
  'start.js': { type: 'text/javascript; charset=utf-8', text: START_SCRIPT },
};

const cache = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/** The bytes of a page file, read once per process. */
export function assetBytes(name: string): Promise<Uint8Array<ArrayBuffer>> | null {
  // Own names only: `constructor` or `__proto__` are no page file.
  const asset = Object.hasOwn(DOCS_ASSETS, name) ? DOCS_ASSETS[name] : undefined;
  if (!asset) return null;
  let bytes = cache.get(name);
  if (!bytes) {
    bytes = asset.file
      ? readFile(path.join(swaggerDir(), asset.file)).then((b) => new Uint8Array(b))
      : Promise.resolve(new TextEncoder().encode(asset.text));
    // A failed read is not kept: the next request tries again.
    bytes.catch(() => cache.delete(name));
    cache.set(name, bytes);
  }
  return bytes;
}

/** The page: Swagger UI's container and its files, all relative to `/api/docs`. */
export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>Rental booking API</title>
<link rel="icon" type="image/png" href="docs/favicon-32x32.png">
<link rel="stylesheet" href="docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/start.js"></script>
</body>
</html>
`;
