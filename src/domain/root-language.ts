// Which language a visit to the root path `/` is sent to (spec §2: the browser language is
// detected). One rule for the browser script (src/scripts/navigation.ts) and for the product
// server, which answers the redirect itself so a French or English visitor does not first load,
// parse and paint the Italian home (home's Lighthouse score was that redirect).
import { DEFAULT_LOCALE, PREFIXED_LOCALES, type Locale } from './locales';

/** The cookie that remembers a visitor's language (spec §9), set by a first visit or a language link. */
export const LANGUAGE_COOKIE_KEY = 'i18n_redirected';
export const LANGUAGE_COOKIE_DAYS = 365;

type PrefixedLocale = (typeof PREFIXED_LOCALES)[number];

const isPrefixed = (value: string | null): value is PrefixedLocale => (PREFIXED_LOCALES as readonly (string | null)[]).includes(value);

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
  redirectTo: `/${PrefixedLocale}/` | null;
  /** The cookie to set (a first visit records its language once), or null. */
  setCookie: Locale | null;
}

const STAY: RootDecision = { redirectTo: null, setCookie: null };

export function rootLanguageDecision(visit: RootVisit): RootDecision {
  if (CRAWLER_USER_AGENT.test(visit.userAgent)) return STAY;
  if (isPrefixed(visit.cookie)) return { redirectTo: `/${visit.cookie}/`, setCookie: null };
  // Any other cookie value is a choice already made (Italian): stay.
  if (visit.cookie) return STAY;
  const browser = (visit.languages[0] ?? '').slice(0, 2).toLowerCase();
  if (!isPrefixed(browser)) return { redirectTo: null, setCookie: DEFAULT_LOCALE };
  return { redirectTo: `/${browser}/`, setCookie: browser };
}

/** The languages of an Accept-Language header, by preference (q), highest first; q=0 dropped. */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}
