// The root path follows the browser language (spec §2) with an HTTP redirect, before any HTML:
// the browser script that did it alone cost an English or French visitor the Italian home's
// download, parse and paint first. The rule is src/domain/root-language.ts, shared with the script.
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { LANGUAGE_COOKIE_DAYS, LANGUAGE_COOKIE_KEY, acceptedLanguages, rootLanguageDecision } from '~/domain/root-language';

export function rootLanguageRedirect(): MiddlewareHandler {
  return async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.req.path !== '/') return next();
    const decision = rootLanguageDecision({
      cookie: getCookie(c, LANGUAGE_COOKIE_KEY) ?? null,
      languages: acceptedLanguages(c.req.header('accept-language')),
      userAgent: c.req.header('user-agent') ?? '',
    });
    // The answer for `/` depends on these request headers: caches must not mix visitors.
    c.header('vary', 'Accept-Language, Cookie, User-Agent', { append: true });
    if (!decision.redirectTo) return next();
    if (decision.setCookie) {
      c.header('set-cookie', `${LANGUAGE_COOKIE_KEY}=${decision.setCookie}; Path=/; Max-Age=${LANGUAGE_COOKIE_DAYS * 86_400}; SameSite=Lax`);
    }
    c.header('cache-control', 'private, no-cache');
    const search = new URL(c.req.url).search;
    return c.redirect(`${decision.redirectTo}${search}`, 302);
  };
}
