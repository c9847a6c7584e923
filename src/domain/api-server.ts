// A kiosk's own API server (`server_url`, spec §3): the kiosk sends its token there, so only https,
// or plain http on the device itself (a local proxy). Its own module: the page's API client checks
// a stored value on every request, and every page loads that client.

/** Host names that stay on the device: the only ones a kiosk may reach over plain http. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for an address a kiosk may send its requests and token to. */
export function isKioskApiServer(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  } catch {
    return false;
  }
}
