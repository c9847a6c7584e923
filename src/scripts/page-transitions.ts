// Page changes are plain loads (no client router: every page is static HTML, islands keep their
// state in stores), so these run in the page being left or just loaded:
// - a loading bar (7 px, spec colour) appears when a navigation takes longer than 200 ms and
//   creeps to 90 % over 5 s;
// - a failed load of a script chunk (a deploy replaced it) reloads the page, at most once per 60 s;
// - when the browser is idle (at most 2 s) the internal links in view are prefetched, unless the
//   connection is 2g or the visitor asked to save data; when that first pass is over (links hinted,
//   or none because of the connection) <html> says so in PREFETCH_PASS_ATTRIBUTE, the positive
//   signal a test waits for before it checks what was, or was not, prefetched;
// - every route change closes the login sheet (hide-login). A plain load starts with it closed;
//   the route changes that keep the page are a page restored from the back/forward cache (which
//   also still shows the loading bar of the navigation that left it) and history/hash changes.
import { HIDE_LOGIN_EVENT } from './island-events';
import { CHUNK_RELOAD_GUARD_MS, PREFETCH_IDLE_TIMEOUT_MS, PROGRESS_BAR_DURATION_MS, PROGRESS_BAR_HEIGHT, PROGRESS_BAR_THROTTLE_MS } from '../domain/page-loads';

export const RELOAD_KEY = 'chunk-reload-at';

export function shouldReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt > CHUNK_RELOAD_GUARD_MS;
}

/** Set on <html> when the idle prefetch pass is over: 'done' (links in view hinted) or 'skipped'. */
export const PREFETCH_PASS_ATTRIBUTE = 'data-prefetch-pass';
export type PrefetchPass = 'done' | 'skipped';

function prefetchPassOver(pass: PrefetchPass) {
  document.documentElement.setAttribute(PREFETCH_PASS_ATTRIBUTE, pass);
}

export function canPrefetch(connection: { saveData?: boolean; effectiveType?: string } | undefined): boolean {
  if (!connection) return true;
  return !connection.saveData && !(connection.effectiveType ?? '').includes('2g');
}

function showLoadingBar() {
  const bar = document.createElement('div');
  bar.setAttribute('role', 'progressbar');
  bar.setAttribute('aria-hidden', 'true');
  bar.className = 'loading-bar';
  Object.assign(bar.style, {
    position: 'fixed',
    insetBlockStart: '0',
    insetInlineStart: '0',
    height: PROGRESS_BAR_HEIGHT,
    width: '0',
    background: 'var(--loading-bar)',
    zIndex: '100',
    transition: `width ${PROGRESS_BAR_DURATION_MS}ms ease-out`,
  });
  document.body.append(bar);
  requestAnimationFrame(() => (bar.style.width = '90%'));
}

function onNavigate(event: MouseEvent) {
  const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!link || event.defaultPrevented || link.target || link.hasAttribute('download') || event.metaKey || event.ctrlKey) return;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || (url.pathname === location.pathname && url.hash)) return;
  const timer = setTimeout(showLoadingBar, PROGRESS_BAR_THROTTLE_MS);
  window.addEventListener('pagehide', () => clearTimeout(timer), { once: true });
}

function onRouteChange() {
  document.querySelectorAll('.loading-bar').forEach((bar) => bar.remove());
  window.dispatchEvent(new Event(HIDE_LOGIN_EVENT));
}

function onChunkError() {
  let last: number | null = null;
  try {
    last = Number(sessionStorage.getItem(RELOAD_KEY)) || null;
  } catch {
    // Storage blocked: still reload, the guard just cannot remember.
  }
  const now = Date.now();
  if (!shouldReloadAfterChunkError(last, now)) return;
  try {
    sessionStorage.setItem(RELOAD_KEY, String(now));
  } catch {
    return;
  }
  location.reload();
}

function prefetchVisibleLinks() {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  if (!canPrefetch(connection)) return prefetchPassOver('skipped');
  const seen = new Set<string>();
  const links = document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]:not([href^="/api/"]):not([download])');
  // The observer's first call reports every link observed here at once (in view or not): the pass
  // is over after it. No links, no call: over at once.
  let passOver = links.length === 0;
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const href = (entry.target as HTMLAnchorElement).href;
      observer.unobserve(entry.target);
      if (seen.has(href)) continue;
      seen.add(href);
      const hint = document.createElement('link');
      hint.rel = 'prefetch';
      hint.href = href;
      document.head.append(hint);
    }
    if (passOver) return;
    passOver = true;
    prefetchPassOver('done');
  });
  links.forEach((a) => observer.observe(a));
  if (passOver) prefetchPassOver('done');
}

if (typeof document !== 'undefined') {
  document.addEventListener('click', onNavigate);
  window.addEventListener('pageshow', (event) => event.persisted && onRouteChange());
  window.addEventListener('popstate', onRouteChange);
  window.addEventListener('hashchange', onRouteChange);
  // Vite's signal that a lazily imported chunk could not be fetched.
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    onChunkError();
  });
  const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 1));
  idle(prefetchVisibleLinks, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
}
