// Runs on every page (a few hundred bytes, no framework):
// - `forced_ref` is stored as the referral `ref`; `ref` and `framed` are carried to every later
//   internal navigation by rewriting internal links when they are followed;
// - picking a language sets the i18n_redirected cookie for 365 days;
// - on the root path only, a first visit follows the browser language once (never for crawlers,
//   so search engines always see each page in its own language).
import { LANGUAGE_COOKIE_DAYS, LANGUAGE_COOKIE_KEY, rootLanguageDecision } from '../domain/root-language';
import { REF_STORAGE_KEY, storedTotemType } from '../stores/keys';
const FRAMED_STORAGE_KEY = 'framed';

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

function setLanguageCookie(lang: string) {
  document.cookie = `${LANGUAGE_COOKIE_KEY}=${lang}; path=/; max-age=${LANGUAGE_COOKIE_DAYS * 86400}; SameSite=Lax`;
}

function carried(): { ref: string | null; framed: boolean } {
  const params = new URLSearchParams(location.search);
  const forced = params.get('forced_ref');
  try {
    // A kiosk keeps no referral (spec §3): its orders are the shop's own.
    if (forced && storedTotemType() === null) localStorage.setItem(REF_STORAGE_KEY, forced);
    if (params.has('framed')) sessionStorage.setItem(FRAMED_STORAGE_KEY, '1');
    return {
      ref: forced ?? params.get('ref') ?? localStorage.getItem(REF_STORAGE_KEY),
      framed: params.has('framed') || sessionStorage.getItem(FRAMED_STORAGE_KEY) === '1',
    };
  } catch {
    return { ref: forced ?? params.get('ref'), framed: params.has('framed') };
  }
}

/** Adds `ref` and `framed` to an internal URL; leaves other links alone. */
export function withCarriedParams(href: string, state: { ref: string | null; framed: boolean }, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname.startsWith('/api/')) return null;
  if (state.ref && !url.searchParams.has('ref')) url.searchParams.set('ref', state.ref);
  if (state.framed && !url.searchParams.has('framed')) url.searchParams.set('framed', '');
  return url.pathname + url.search.replace(/framed=(&|$)/, 'framed$1') + url.hash;
}

function start() {
  const state = carried();
  if (state.framed) document.documentElement.classList.add('framed');

  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link) return;
      if (link.dataset.lang) setLanguageCookie(link.dataset.lang);
      if (!state.ref && !state.framed) return;
      const next = withCarriedParams(link.getAttribute('href')!, state, location.origin);
      if (next) link.setAttribute('href', next);
    },
    true,
  );

  // `npm start` answers this redirect itself (server/http/root-language.ts); a host that serves
  // dist/ as plain files leaves it to this script.
  if (location.pathname === '/') {
    const decision = rootLanguageDecision({
      cookie: readCookie(LANGUAGE_COOKIE_KEY),
      languages: navigator.languages?.length ? navigator.languages : [navigator.language ?? ''],
      userAgent: navigator.userAgent,
    });
    if (decision.setCookie) setLanguageCookie(decision.setCookie);
    if (decision.redirectTo) location.replace(`${decision.redirectTo}${location.search}`);
  }
}

if (typeof document !== 'undefined') start();
