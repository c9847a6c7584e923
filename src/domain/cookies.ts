// The customer's token mirrored in a cookie (spec §7: "cookie path /", as the auth module kept it).
// Nothing on the server reads it — the API takes the token only from the Authorization header, so
// the cookie gives no CSRF handle — but it travels with every request to the site, so it must
// never travel in clear: `Secure` everywhere except plain-http loopback (the local demo), and
// `SameSite=Strict`, so no other site's page or frame carries it. It is written by the page's
// script, so it cannot be HttpOnly; it holds what localStorage already holds.

/** Hosts where the demo runs over plain http; browsers treat them as secure contexts too. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface PageLocation {
  protocol: string;
  hostname: string;
}

/** False only for http://localhost (and the loopback addresses): there a `Secure` cookie would not be kept. */
export function secureCookies(location: PageLocation): boolean {
  return !(location.protocol === 'http:' && LOOPBACK_HOSTS.has(location.hostname));
}

/** The `document.cookie` assignment that stores `value` under `name`, or deletes it when `value` is null. */
export function tokenCookie(name: string, value: string | null, location: PageLocation): string {
  const attributes = ['path=/', 'SameSite=Strict', ...(secureCookies(location) ? ['Secure'] : [])].join('; ');
  return value ? `${name}=${encodeURIComponent(value)}; ${attributes}` : `${name}=; max-age=0; ${attributes}`;
}
