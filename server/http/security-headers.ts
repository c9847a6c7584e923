// Response headers that limit what a page or an answer can leak or be made to do.
// - Order pages carry the order's uuid in their path (a guest's capability): `Referrer-Policy:
//   same-origin` keeps it from the Referer sent to any other site (a map tile, a partner link).
// - `frame-ancestors` says who may frame the shop: the spec's `framed` mode exists for partner sites
//   (hotels, tour operators) embedding the booking pages, so their origins are listed
//   (`FRAME_ANCESTORS`), and nobody else can frame the site to click-jack a checkout.
// - API answers are data, never documents: `default-src 'none'` and no framing. Uploaded documents
//   are served with `sandbox` so an HTML or SVG file someone uploaded cannot run script on our origin.
// The same headers for a deployment behind nginx are in the nginx block of server/README.md ("Production").
import type { MiddlewareHandler } from 'hono';

export const REFERRER_POLICY = 'same-origin';

/**
 * CSP of the API's answers (JSON and the payment simulator's pages, which carry only inline style;
 * no `form-action`: the simulator's form ends in a redirect to the site, another origin when
 * PUBLIC_API_URL is one, and Chromium applies `form-action` to that redirect).
 */
export const API_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * CSP of the API's reference page (GET /api/docs, server/openapi/serve.ts): Swagger UI's script,
 * style and images from the API itself (its icons are data: URLs in its stylesheet) and requests to
 * it; nothing inline, no framing. Swagger UI sets element styles through the DOM, which `style-src`
 * does not govern: a Chromium run of the page reports no violation under this policy.
 */
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** CSP of an uploaded document served back: no script, no plugins, no same-origin access. */
export const MEDIA_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";

/** An origin as CSP wants it: scheme, host and port only; null for anything else (FRAME_ANCESTORS refuses it, server/config.ts). */
export function cspOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** CSP of the site's pages: only who may frame them (scripts are Astro's, inline, see SECURITY.md). */
export function siteCsp(frameAncestors: readonly string[]): string {
  return `frame-ancestors ${["'self'", ...frameAncestors].join(' ')}`;
}

/** Headers for every answer of the static site. */
export function siteSecurityHeaders(frameAncestors: readonly string[]): MiddlewareHandler {
  const csp = siteCsp(frameAncestors);
  return async (c, next) => {
    await next();
    c.res.headers.set('referrer-policy', REFERRER_POLICY);
    if (c.res.headers.get('content-type')?.startsWith('text/html')) c.res.headers.set('content-security-policy', csp);
  };
}

/** Headers for every answer of the API (a served document sets its own stricter CSP first). */
export const apiSecurityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('referrer-policy', REFERRER_POLICY);
  c.res.headers.set('x-content-type-options', 'nosniff');
  if (!c.res.headers.has('content-security-policy')) c.res.headers.set('content-security-policy', API_CSP);
};
