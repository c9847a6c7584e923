// The rental terms, the cancellation policy and the privacy notice a customer accepts when placing
// an order online. Their texts are i18n's `footerPages.terms`,
// `footerPages.cancellation` and `footerPages.privacy` (i18n/{it,en,fr}.json, one page each); whoever changes what they
// say moves TERMS_VERSION on, and from then on an order must carry the new version: the storefront
// sends the version of the texts its checkout linked to, so an order placed from a page built
// before the change is refused and the customer reads the new terms.

/** The rental terms' page (src/seo/footer-pages.ts's `condizioni`), for what prints a link to it. */
export const TERMS_PATH = '/condizioni';

/** The version of the terms in force: the day they were last changed, 'YYYY-MM-DD'. */
export const TERMS_VERSION = '2026-12-06';

/** What a placed order says of the terms: accepted (the version in force), missing, or outdated. */
export type TermsConsent = 'accepted' | 'missing' | 'outdated';

export function termsConsent(version: string | null | undefined): TermsConsent {
  if (!version) return 'missing';
  return version === TERMS_VERSION ? 'accepted' : 'outdated';
}

/**
 * Whether an order must carry the consent: every order a customer places on the site. An order a
 * kiosk places (staff at the counter, or a walk-in on the shop's own tablet) is the shop's: the
 * terms are signed at the counter with the rental contract, and a consent sent along is recorded.
 */
export function termsRequired(placedBy: { kiosk: boolean }): boolean {
  return !placedBy.kiosk;
}
