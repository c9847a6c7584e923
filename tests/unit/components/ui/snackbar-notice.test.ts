// A store gives a notice as a translation key with its values (no store translates); the snackbar
// (src/domain/messages.ts noticeText, in src/components/ui/Snackbar.tsx) says it in the page's language, plurals included. A
// text, such as the server's own message (already in the customer's language), is shown as it is.
import { describe, expect, it } from 'vitest';
import { noticeText } from '~/domain/messages';
import { loadT } from '~/i18n/client';
import { createNotifications } from '~/stores/notifications';

describe('a notice given as a key', () => {
  it("is kept as the key and said by the snackbar in the page's language", async () => {
    const { $notice, notify } = createNotifications();
    notify({ key: 'booking.takenMeanwhile', params: { count: 1, products: 'Kit valanga' } }, 'warning');
    const notice = $notice.get()!;
    expect(notice).toMatchObject({ message: { key: 'booking.takenMeanwhile', params: { count: 1, products: 'Kit valanga' } }, type: 'warning', timeout: 6000 });
    expect(noticeText(notice.message, await loadT('it'))).toBe('Un altro cliente ha appena prenotato Kit valanga: per queste date non ne restano.');
    expect(noticeText(notice.message, await loadT('en'))).toBe('Another customer has just booked Kit valanga: none left for these dates.');
    expect(noticeText(notice.message, await loadT('fr'))).toBe("Un autre client vient de réserver Kit valanga : il n'en reste plus pour ces dates.");
  });

  it('takes the plural its values ask for, and a kiosk notice the same way', async () => {
    const { $notice, notify } = createNotifications();
    notify({ key: 'booking.takenMeanwhile', params: { count: 2, products: 'Kit valanga, Scarponi' } }, 'warning');
    expect(noticeText($notice.get()!.message, await loadT('en'))).toBe('Other customers have just booked Kit valanga, Scarponi: none left for these dates.');
    notify({ key: 'kiosk.pay.done', params: { number: '06-0000042' } }, 'success');
    expect(noticeText($notice.get()!.message, await loadT('fr'))).toBe('Paiement de la commande 06-0000042 enregistré');
  });
});

describe('a notice given as a text', () => {
  it('is shown as it is in every language; a blank one is no notice', async () => {
    const { $notice, notify } = createNotifications();
    notify('Il codice sconto PROMO non esiste', 'error');
    expect(noticeText($notice.get()!.message, await loadT('en'))).toBe('Il codice sconto PROMO non esiste');
    notify('   ');
    expect($notice.get()?.message).toBe('Il codice sconto PROMO non esiste');
  });
});
