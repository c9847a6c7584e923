// Order confirmation email, in the language the order was placed in: what each line costs and every
// discount, adding up to the total, then where the shop is, its hours and what to bring. Text for every client, and
// an html part that shows the order's QR code (src/domain/order-code.ts: the number, what a
// counter's scanner types) as an inline image: a cid: attachment, which mail clients display where
// they block data: URIs; the number is written beside it as text. The voucher PDF is a link
// (/download?order={uuid}), not an attachment: it is made on demand, always with today's order.
import type { AppContext } from '../http/context';
import { dayToDisplay } from '~/domain/dates';
import { localizePath } from '~/domain/locale-path';
import { VOUCHER_ORDER_PARAM } from '~/domain/order-code';
import { escapeHtml } from '../error-page';
import type { presentOrder } from './present';
import { log } from '../log';
import { shopHours } from '../vouchers/shop-hours';
import { breakdownText } from './breakdown-text';

type PresentedOrder = Awaited<ReturnType<typeof presentOrder>>;

/** The inline image's Content-ID, what the html's <img src="cid:…"> names. */
const CODE_CID = 'order-code@rentalp.example';

/** `mayMail`: the recipient is within its daily count of confirmations (orders/rate-limits.ts, `recordOrder`). */
/** The shop's address, phone and opening hours, and what to bring: what the voucher also says. */
function pickupLines(c: AppContext, order: PresentedOrder): string[] {
  const t = c.get('t');
  const shop = order.shop ? c.get('deps').catalogue.shopById(order.shop.id)?.row : undefined;
  const lines: string[] = [];
  if (shop) {
    const place = [shop.postalCode, shop.city].filter(Boolean).join(' ');
    lines.push(t('mail.orderShopHeading'), ...[shop.label, shop.address, place, shop.phone].filter(Boolean), '');
    const hours = shopHours(shop.slug, c.get('locale'));
    if (hours) lines.push(t('mail.orderHoursHeading'), hours, '');
  }
  lines.push(t('mail.orderBringHeading'), `- ${t('voucher.bringDocuments')}`, `- ${t('voucher.bringVoucher')}`);
  return lines;
}

/** `mayMail`: the recipient is within its daily count of confirmations (orders/rate-limits.ts, `recordOrder`). */
export async function sendOrderConfirmation(c: AppContext, order: PresentedOrder, edited: boolean, mayMail: boolean): Promise<void> {
  const t = c.get('t');
  // Every line at its list price, every discount as a negative line: they add up to the total.
  const costs = breakdownText(order, t);
  // PUBLIC_SITE_URL, read at start (server/config.ts): the site may live on another host than the API.
  const origin = c.get('deps').siteUrl;
  const orderUrl = `${origin}/orders/${order.uuid}`;
  // The voucher's page in the mail's language; it reads the order's uuid (its link) from `order`.
  const voucherUrl = `${origin}${localizePath(c.get('locale'), '/download')}?${VOUCHER_ORDER_PARAM}=${order.uuid}`;
  const head = [
    t('mail.orderGreeting', { name: order.first_name }),
    '',
    t(edited ? 'mail.orderUpdatedIntro' : 'mail.orderIntro', { number: order.number, shop: order.shop?.label ?? '' }),
    t('mail.orderDates', { from: dayToDisplay(order.date_from), to: dayToDisplay(order.date_to) }),
    '',
    t('mail.orderCosts'),
  ];
  const total = t('mail.orderTotal', { total: costs.total.amount });
  const pickup = pickupLines(c, order);
  const link = t('mail.orderLink', { url: orderUrl });
  const code = t('mail.orderCode', { number: order.number });
  const voucher = t('mail.orderVoucher', { url: voucherUrl });
  const text = [...head, ...costs.rows.map((r) => `- ${r.label}: ${r.amount}`), total, '', ...pickup, '', link, '', code, voucher].join('\n');
  // Each line as a paragraph, its link (if any) clickable.
  const paragraph = (line: string) => {
    const url = [orderUrl, voucherUrl].find((u) => line.includes(u));
    const escaped = escapeHtml(line);
    return `<p>${url ? escaped.replace(escapeHtml(url), `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`) : escaped}</p>`;
  };
  // The costs as a table: labels left, amounts right-aligned, the total last and bold.
  const cell = 'style="padding:2px 12px 2px 0"';
  const amountCell = 'style="padding:2px 0;text-align:right;white-space:nowrap"';
  const table = [
    '<table role="presentation" style="border-collapse:collapse">',
    ...costs.rows.map((r) => `<tr><td ${cell}>${escapeHtml(r.label)}</td><td ${amountCell}>${escapeHtml(r.amount)}</td></tr>`),
    `<tr><th ${cell} align="left">${escapeHtml(costs.total.label)}</th><th ${amountCell}>${escapeHtml(costs.total.amount)}</th></tr>`,
    '</table>',
  ].join('\n');
  const html = [
    ...head.filter(Boolean).map(paragraph),
    table,
    ...pickup.filter(Boolean).map(paragraph),
    paragraph(link),
    `<p><img src="cid:${CODE_CID}" width="200" height="200" alt="${escapeHtml(t('mail.orderCodeAlt', { number: order.number }))}"></p>`,
    paragraph(code),
    paragraph(voucher),
  ].join('\n');
  try {
    // Past the recipient's limit the order stands; only its e-mail is not sent.
    if (!mayMail) {
      log().warn('order confirmation not sent: recipient over its daily limit');
      return;
    }
    await c.get('deps').mailer.send({
      to: order.email,
      subject: t(edited ? 'mail.orderUpdatedSubject' : 'mail.orderSubject', { number: order.number }),
      text,
      html,
      // The code's image is drawn on the mail thread, with the message (server/mail/compose.ts).
      attachments: [{ filename: `order-${order.number}.png`, orderNumber: order.number, cid: CODE_CID }],
    });
  } catch (err) {
    // The order is saved; a mail failure must not turn it into an error for the customer.
    log().error({ err }, 'order confirmation not sent');
  }
}
