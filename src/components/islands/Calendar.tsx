// Date selection (/prenota/{shop}/calendar and the dates chip): the five date modes, morning or
// afternoon on a single day, ranges (a reversed range is swapped), the season; past days disabled;
// the day count shown. Days are calendar days in Europe/Rome.
//
// Each day also shows, for the product type chosen in the picker, whether it is still free in the
// morning and in the afternoon (net of the cart) and the price the current selection would have
// with that day (issue #6). The product picked first: `?product={id}`, else the first of the shop
// in the cart, else the shop's first. Availability comes per visible month from
// GET v1/shops/{id}/availabilities/days (useDayAvailability); what each cell shows is computed by
// src/domain/calendar.ts. Sold-out days stay pickable and say so: the visitor may still want them.
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { $categories, $configuration, $products, loadShop, setDates } from '../../stores/configuration';
import { $cart } from '../../stores/cart';
import { areDatesValid, datesChipText, normalizeDates, rentDays, todayInRome, type DateMode } from '../../domain/dates';
import { dateShower } from './show-date';
import { availabilitySpan, calendarCells, initialProductId, monthDays, productGroups, selectionStatus, shiftMonth, type SelectionStatus } from '../../domain/calendar';
import { formatCurrency } from '../../domain/format';
import { useT } from '../../i18n/client';
import { localizePath, toLocale } from '../../i18n/index';
import CalendarDay from './CalendarDay';
import CalendarProductPicker from './CalendarProductPicker';
import { useDayAvailability } from './useDayAvailability';
import './islands.css';
import './calendar.css';

const MODES: DateMode[] = [2, 3, 0, 1, 20];

const requestedProduct = () => (typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('product'));

export default function Calendar({ locale, shop }: { locale: string; shop: string }) {
  const t = useT(locale);
  const lang = toLocale(locale);
  const configuration = useStore($configuration);
  const cart = useStore($cart);
  const products = useStore($products);
  const categories = useStore($categories);
  const [mode, setMode] = useState<DateMode>(configuration.multipleDates);
  const [picked, setPicked] = useState<string[]>(configuration.dates);
  const [month, setMonth] = useState(() => (configuration.dates[0] ?? todayInRome()).slice(0, 7));
  const [catalogue, setCatalogue] = useState<'loading' | 'ready' | 'error'>('loading');
  const [chosenId, setChosenId] = useState<number | null>(null);
  const today = todayInRome();

  useEffect(() => {
    let live = true;
    setCatalogue('loading');
    loadShop(shop).then(
      () => live && setCatalogue('ready'),
      () => live && setCatalogue('error'),
    );
    return () => {
      live = false;
    };
  }, [shop]);

  const shopInfo = catalogue === 'ready' && configuration.shop?.slug === shop ? configuration.shop : null;
  const groups = useMemo(() => (shopInfo ? productGroups(categories, products) : []), [shopInfo, categories, products]);
  const productId = chosenId ?? initialProductId(groups, requestedProduct(), cart.products);
  const product = products.find((p) => p.id === productId) ?? null;
  const span = availabilitySpan(month, today);
  const availability = useDayAvailability(
    shopInfo && product && span ? { shopId: shopInfo.id, productId: product.id, ...span, editOrderCode: cart.orderCodeToReplace } : null,
  );

  const grid = useMemo(() => monthDays(month), [month]);
  const dates = normalizeDates(mode, picked);
  const valid = areDatesValid(mode, dates);
  const source = { mode, product, availability: availability.days, cart: cart.products };
  const cells = calendarCells({
    ...source,
    days: grid.filter((d): d is string => d !== null),
    today,
    picked: dates,
    loading: availability.status === 'loading' || (catalogue === 'loading' && span !== null),
  });
  const cellOf = new Map(cells.map((c) => [c.day, c]));
  const selection = valid ? selectionStatus({ ...source, dates }) : null;
  const monthLabel = new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
  const fullDate = new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeZone: 'UTC' });

  const pick = (day: string) => {
    if (mode !== 3) return setPicked([day]);
    setPicked(picked.length === 1 ? [picked[0]!, day] : [day]);
  };
  const choose = (id: number) => {
    setChosenId(id);
    // Kept in the address, so a reload or a shared link shows the same product.
    const url = new URL(location.href);
    url.searchParams.set('product', String(id));
    history.replaceState(history.state, '', url);
  };
  const inRange = (day: string) => (dates.length === 2 ? day >= dates[0]! && day <= dates[1]! : dates.includes(day));
  const chip = datesChipText(mode, dates, dateShower(t));

  return (
    <div className="calendar">
      <fieldset className="modes">
        <legend>{t('calendar.mode')}</legend>
        {MODES.map((m) => (
          <label key={m} className="check">
            <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => {
                setMode(m);
                setPicked(picked.slice(0, 1));
              }} />
            {t(`calendar.modes.${m}`)}
          </label>
        ))}
      </fieldset>
      <CalendarProductPicker t={t} status={catalogue} groups={groups} value={product?.id ?? null} onChange={choose} />
      {mode !== 20 && (
        <div className="month">
          <div className="month__nav">
            <button type="button" className="icon-button" onClick={() => setMonth(shiftMonth(month, -1))} aria-label={t('calendar.previous')} disabled={month <= today.slice(0, 7)}>
              ‹
            </button>
            <h2 aria-live="polite">{monthLabel}</h2>
            <button type="button" className="icon-button" onClick={() => setMonth(shiftMonth(month, 1))} aria-label={t('calendar.next')}>
              ›
            </button>
          </div>
          {availability.status === 'error' && <p role="alert" className="calendar__error">{t('calendar.availabilityError')}</p>}
          <div className="grid" role="group" aria-label={monthLabel} aria-busy={availability.status === 'loading'}>
            {t('calendar.weekdays').split(' ').map((d) => (
              <span key={d} className="weekday" aria-hidden="true">
                {d}
              </span>
            ))}
            {grid.map((day, i) =>
              day ? (
                <CalendarDay key={day} cell={cellOf.get(day)!} date={fullDate.format(new Date(`${day}T12:00:00Z`))} selected={inRange(day)} t={t} onPick={pick} />
              ) : (
                <span key={`blank-${i}`} />
              ),
            )}
          </div>
          {product && (
            <ul className="calendar-legend">
              <li>
                <span className="day__halves legend__halves" aria-hidden="true">
                  <span className="half" />
                  <span className="half" />
                </span>
                {t('calendar.legend.halves')}
              </li>
              <li>
                <span className="half half--free legend__swatch" aria-hidden="true" /> {t('calendar.legend.free')}
              </li>
              <li>
                <span className="half half--out legend__swatch" aria-hidden="true" /> {t('calendar.legend.soldOut')}
              </li>
              <li>{t('calendar.legend.price')}</li>
            </ul>
          )}
        </div>
      )}
      <p className="summary" aria-live="polite">
        {mode === 3 && dates.length === 1 ? t('calendar.pickEnd') : t(chip.key, chip.params)}
        {/* A range's text already says its day count. */}
        {valid && mode !== 20 && mode !== 3 && ` · ${t('calendar.days', { count: rentDays(mode, dates) })}`}
      </p>
      {selection && product && (
        <div className="selection" role="status">
          <SelectionAvailability t={t} product={product.label ?? ''} selection={selection} />
          {selection.price !== null && <p>{t('calendar.selection.price', { product: product.label, price: formatCurrency(selection.price) })}</p>}
        </div>
      )}
      <button
        type="button"
        className="button"
        disabled={!valid}
        onClick={() => {
          setDates(mode, dates);
          location.assign(localizePath(lang, `/prenota/${shop}`));
        }}
      >
        {t('calendar.continue')}
      </button>
    </div>
  );
}

/** What the chosen dates leave of the product: for the cart's units when it holds some, else for one more. */
function SelectionAvailability({ t, product, selection }: { t: TFunction; product: string; selection: SelectionStatus }) {
  const { inCart, count, soldOut } = selection;
  if (soldOut)
    return <p className="sold-out">{inCart > 0 ? t('calendar.selection.notEnoughForCart', { product, inCart }) : t('calendar.selection.soldOut', { product })}</p>;
  if (count === null) return null;
  if (inCart === 0) return <p>{t('calendar.selection.available', { product, count })}</p>;
  return <p>{count > 0 ? t('calendar.selection.fitsCart', { product, inCart, count }) : t('calendar.selection.fitsCartNoMore', { product, inCart })}</p>;
}
