// Which language a visit to the root path `/` is sent to (spec §2: the browser language is
// detected), as a pure rule: src/scripts/navigation.ts applies it. (A server-side redirect with
// the same rule was tried for home's Lighthouse score and taken back: see the README benchmark.)

export type RootLanguage = 'it' | 'en' | 'fr';

/** Crawlers always get the page they asked for, so search engines see each page in its own language. */
export const CRAWLER_USER_AGENT = /bot|crawl|spider|slurp|lighthouse|bingpreview|facebookexternalhit|embedly|quora|whatsapp|telegram/i;

export interface RootVisit {
  /** The i18n_redirected cookie, if any. */
  cookie: string | null;
  /** The browser's languages, preferred first (navigator.languages or Accept-Language). */
  languages: readonly string[];
  userAgent: string;
}

export interface RootDecision {
  /** Where to go: a locale path, or null to stay on the Italian home. */
  redirectTo: '/en/' | '/fr/' | null;
  /** The cookie to set (a first visit records its language once), or null. */
  setCookie: RootLanguage | null;
}

const STAY: RootDecision = { redirectTo: null, setCookie: null };

export function rootLanguageDecision(visit: RootVisit): RootDecision {
  if (CRAWLER_USER_AGENT.test(visit.userAgent)) return STAY;
  if (visit.cookie === 'en' || visit.cookie === 'fr') return { redirectTo: `/${visit.cookie}/`, setCookie: null };
  // Any other cookie value is a choice already made (Italian): stay.
  if (visit.cookie) return STAY;
  const browser = (visit.languages[0] ?? '').slice(0, 2).toLowerCase();
  const lang: RootLanguage = browser === 'en' || browser === 'fr' ? browser : 'it';
  return { redirectTo: lang === 'it' ? null : `/${lang}/`, setCookie: lang };
}
