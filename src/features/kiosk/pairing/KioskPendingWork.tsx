// The work only this device can finish (domain/kiosk-pending.ts), listed where unpairing or pairing
// as another kiosk is refused because of it: what each item is and its order, so staff settle it
// first. On the configuration page payments and claims link to their order at the cash desk; on
// /pair nothing links (the device is no working kiosk there). Render only.
import type { TFunction } from 'i18next';
import type { PendingKioskItem } from './stores/kiosk-forget';
import { dayToDisplay, isDay } from '~/domain/dates';
import { TotemPages } from '~/domain/kiosk';
import { localizePath, type Locale } from '~/i18n/index';

interface Props {
  t: TFunction;
  items: readonly PendingKioskItem[];
  /** Links payments and claims to their order at the cash desk, in this locale; none when null. */
  linksIn: Locale | null;
}

function describe(t: TFunction, item: PendingKioskItem): string {
  switch (item.kind) {
    case 'payment':
      return t('kiosk.pending.payment', { number: item.number });
    case 'claim':
      return t('kiosk.pending.claim');
    case 'outbox':
      return t(item.refused ? 'kiosk.pending.outboxRefused' : 'kiosk.pending.outboxQueued', { what: t(`kiosk.outbox.kinds.${item.what}`, { ref: item.ref }) });
    case 'cashierClose':
      return t('kiosk.pending.cashierClose', { date: isDay(item.date) ? dayToDisplay(item.date) : item.date });
  }
}

export default function KioskPendingWork({ t, items, linksIn }: Props) {
  return (
    <ul className="kiosk-pending">
      {items.map((item, index) => {
        const text = describe(t, item);
        const order = item.kind === 'payment' || item.kind === 'claim' ? item.uuid : null;
        return (
          <li key={index} data-kind={item.kind}>
            {order && linksIn ? <a href={localizePath(linksIn, `${TotemPages.CASH_DESK}/${order}`)}>{text}</a> : text}
          </li>
        );
      })}
    </ul>
  );
}
