// What the snackbar says for a notice, in the page's language: a notice given as a translation key
// is translated as src/components/ui/Snackbar.tsx does it, a text is shown as it is. The stores'
// tests check both the key they gave and the words the customer or staff read.
import { noticeText } from '~/domain/messages';
import type { Locale } from '~/i18n/index';
import { loadT } from '~/i18n/client';
import type { Notice } from '~/stores/notifications';

export async function shownText(notice: Notice | null, locale: Locale = 'it'): Promise<string | null> {
  return notice ? noticeText(notice.message, await loadT(locale)) : null;
}
