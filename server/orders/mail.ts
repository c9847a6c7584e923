// Order confirmation email, in the language the order was placed in.
import type { AppContext } from '../http/context';
import { formatCurrency } from '../../src/domain/format';
import { dayToDisplay } from '../../src/domain/dates';
import type { presentOrder } from './present';
import { mayMail } from './rate-limits';
import { log } from '../log';

type PresentedOrder = Awaited<ReturnType<typeof presentOrder>>;

export async function sendOrderConfirmation(c: AppContext, order: PresentedOrder, edited: boolean): Promise<void> {
  const t = c.get('t');
  const lines = order.order_detail_pools.flatMap((p) =>
    p.order_details.map((d) => `- ${d.product_label}: ${formatCurrency(d.total_price)}`),
  );
  // PUBLIC_SITE_URL, read at start (server/config.ts): the site may live on another host than the API.
  const origin = c.get('deps').siteUrl;
  const text = [
    t('mail.orderGreeting', { name: order.first_name }),
    '',
    t(edited ? 'mail.orderUpdatedIntro' : 'mail.orderIntro', { number: order.number, shop: order.shop?.label ?? '' }),
    t('mail.orderDates', { from: dayToDisplay(order.date_from), to: dayToDisplay(order.date_to) }),
    '',
    ...lines,
    '',
    t('mail.orderTotal', { total: formatCurrency(order.total_amount) }),
    '',
    t('mail.orderLink', { url: `${origin}/orders/${order.uuid}` }),
  ].join('\n');
  try {
    // Past the recipient's limit the order stands; only its e-mail is not sent.
    if (!(await mayMail(c, order.email))) {
      log().warn('order confirmation not sent: recipient over its daily limit');
      return;
    }
    await c.get('deps').mailer.send({
      to: order.email,
      subject: t(edited ? 'mail.orderUpdatedSubject' : 'mail.orderSubject', { number: order.number }),
      text,
    });
  } catch (err) {
    // The order is saved; a mail failure must not turn it into an error for the customer.
    log().error({ err }, 'order confirmation not sent');
  }
}
