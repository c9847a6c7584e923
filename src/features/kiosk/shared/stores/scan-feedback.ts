// What a scan at the counter came to, as the scan input (../ScanInput.tsx) says it: delivery's and
// pickup's stores each keep their last one.
import type { I18nMessage } from '~/domain/messages';

/** What the last scan or action came to, said next to the scan input (an aria-live region). */
export interface ScanFeedback {
  code: string;
  tone: 'ok' | 'refused' | 'warning';
  /** A translatable message, or the API's own words. */
  message: I18nMessage | { text: string };
  /** What staff may do about a refusal: give another product on purpose, or hand it out as an extra. */
  offer: 'force' | 'extra' | null;
  unit: { productId: number; productLabel: string } | null;
  /** Changes at every feedback, so the same words are announced again. */
  serial: number;
}
