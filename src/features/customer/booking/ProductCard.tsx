// One product of the gear step, compact enough that the first "add" is on a phone's first screen:
// name, picture, what it includes, the price for the chosen dates, availability, one add button;
// the add-ons behind an expander, the calendar link last.
import type { ReactNode } from 'react';
import type { Product } from '~/api/contract/catalogue';
import { offeredAddOns, productTotal } from '~/domain/pricing';
import { formatCurrency } from '~/domain/format';
import type { useT } from '~/i18n/client';
import type { CardPicture } from './pictures';

interface Props {
  product: Product;
  picture: CardPicture | undefined;
  t: ReturnType<typeof useT>;
  days: number;
  left: number;
  takenMeanwhile: boolean;
  fits: boolean;
  /** Price ids of the add-ons chosen for this product. */
  chosen: number[];
  /** Whether an add-on (its product id) is out of reach, given whether it is ticked. */
  addOnDisabled: (id: number, ticked: boolean) => boolean;
  onChosen: (chosen: number[]) => void;
  busy: boolean;
  onAdd: () => void;
  calendarHref: string;
  /** Shown when sold out: the way to ask the shop. */
  askShop: ReactNode;
  maxPerOrder: number;
}

export default function ProductCard({ product, picture, t, days, left, takenMeanwhile, fits, chosen, addOnDisabled, onChosen, busy, onAdd, calendarHref, askShop, maxPerOrder }: Props) {
  const price = product.current_price;
  const offered = price ? offeredAddOns(product.related, price.id) : [];
  const total = price ? productTotal(price, offered.filter((r) => chosen.includes(r.price.id)).map((r) => ({ price: r.price })), { days }) : 0;
  const soldOut = left <= 0;
  return (
    <li className="product" aria-labelledby={`product-${product.id}`}>
      {picture && (
        // Decorative: the name beside it says what it is.
        <img className="product-picture" src={picture.src} srcSet={picture.srcset} sizes={picture.srcset ? '6rem' : undefined} width={picture.width} height={picture.height} alt="" loading="lazy" decoding="async" />
      )}
      <div className="product-body">
        <h4 id={`product-${product.id}`}>{product.label}</h4>
        {product.description && <p className="product-includes">{product.description}</p>}
        {!price ? (
          <p>{t('booking.noPrice')}</p>
        ) : (
          <p className="product-figures">
            {/* The dates are said above the tabs: the label is for screen readers only. */}
            <span className="price">
              <span className="visually-hidden">{t('booking.price')}: </span>
              <strong>{formatCurrency(total)}</strong>
            </span>
            {' · '}
            <span className={soldOut ? 'sold-out' : 'availability'}>
              {soldOut ? t('booking.soldOut') : t('booking.available', { count: left })}
              {soldOut && takenMeanwhile && ` · ${t('booking.justTaken')}`}
            </span>
          </p>
        )}
      </div>
      {price && (
        <div className="product-actions">
          {soldOut && askShop}
          {!soldOut && !fits && <p className="availability">{t('booking.unitsPerOrder', { max: maxPerOrder })}</p>}
          <button type="button" className="button" disabled={soldOut || !fits || busy} onClick={onAdd}>
            {t('booking.addToCart')}
            <span className="visually-hidden">: {product.label}</span>
          </button>
          {offered.length > 0 && (
            <details className="addons">
              <summary>
                {t('booking.addOns')}
                {chosen.length > 0 && ` (${chosen.length})`}
                <span className="visually-hidden">: {product.label}</span>
              </summary>
              {offered.map((r) => (
                <label key={r.price.id} className="check">
                  <input
                    type="checkbox"
                    checked={chosen.includes(r.price.id)}
                    disabled={soldOut || addOnDisabled(r.id, chosen.includes(r.price.id))}
                    onChange={(e) => onChosen(e.target.checked ? [...chosen, r.price.id] : chosen.filter((id) => id !== r.price.id))}
                  />
                  {r.label} (+{formatCurrency(productTotal(r.price, [], { days }))}){r.recommended ? ` · ${t('booking.recommended')}` : ''}
                </label>
              ))}
            </details>
          )}
        </div>
      )}
      <p className="calendar-link">
        <a href={calendarHref}>
          {t('calendar.seeAvailability')}
          <span className="visually-hidden">: {product.label}</span>
        </a>
      </p>
    </li>
  );
}
