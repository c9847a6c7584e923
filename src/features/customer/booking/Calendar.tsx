// Date selection (/prenota/{shop}/calendar and the dates chip): the five date modes, morning or
// afternoon on a single day, ranges (a reversed range is swapped), the season; past days disabled;
// the day count shown. Days are calendar days in Europe/Rome.
//
// Each day also shows, for the product type chosen in the picker, whether it is still free in the
// morning and in the afternoon (net of the cart) and the price the current selection would have
// with that day. The product picked first: `?product={id}`, else the first of the shop
// in the cart, else the shop's first. Availability comes per visible month from
// GET v1/shops/{id}/availabilities/days (useDayAvailability); what each cell shows is computed by
// src/domain/calendar.ts. Sold-out days stay pickable and say so: the visitor may still want them.
//
// Season: days outside the shop's yearly season are disabled and say when it reopens;
// the calendar opens on the first bookable month. Opened from a static page's "Prenota" with
// `?category=`, the picker starts on that category and "continue" leads to the booking page scrolled
// to it; dates already chosen in this browser that can still be booked skip the calendar altogether
// (location.replace: Back returns to the static page). Rules: src/domain/calendar-season.ts.
// Opened with days in the address (`?from=…&to=…`, the home page's search), those are the chosen
// dates: stored at once, so with a category and bookable days the booking page opens on them.
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { $categories, $configuration, $products, setDates } from '~/stores/configuration';
import { loadShop } from '~/stores/shop-load';
import { $cart } from '~/stores/cart';
import { areDatesValid, DateModes, datesChipText, dayToDisplay, normalizeDates, rentDays, todayInRome, type DateMode } from '~/domain/dates';
import { areDatesBookable, openingMonth, openingsShown, seasonWindowOf, skipsCalendar } from '~/domain/calendar-season';
import { firstDayOutOfSeason, isAllYear, nextOpening } from '~/domain/season';
import { bookingPagePath, categoryForSlug, categoryFromSearch } from '~/domain/booking-entry';
import { datesFromSearch } from '~/domain/booking-params';
import { dateShower } from '../shared/show-date';
import { availabilitySpan, calendarCells, initialProductId, monthDays, productGroups, selectionStatus, shiftMonth, type SelectionStatus } from '~/domain/calendar';
import { formatCurrency } from '~/domain/format';
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';
import CalendarDay from './CalendarDay';
import CalendarProductPicker from './CalendarProductPicker';
import { useDayAvailability } from './useDayAvailability';
import '~/components/ui/controls.css';
import '../shared/booking.css';
import './calendar.css';

const MODES: DateMode[] = [DateModes.SINGLE, DateModes.RANGE, DateModes.MORNING, DateModes.AFTERNOON, DateModes.SEASONAL];

const requestedProduct = () => (typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('product'));

/** Set on the calendar's history entry when its dates are confirmed: coming Back is to change them. */
const CONFIRMED_STATE = 'datesConfirmed';

/** How the calendar was opened, read once: later changes of the stored dates are the visitor's own. */
function readEntry() {
  const stored = $configuration.get();
  const state: unknown = history.state;
  const returning = typeof state === 'object' && state !== null && CONFIRMED_STATE in state;
  // Days in the address win over the stored ones, unless the visitor came back to change them.
  const asked = returning ? null : datesFromSearch(location.search);
  return {
    category: categoryFromSearch(location.search),
    returning,
    mode: asked?.mode ?? stored.multipleDates,
    dates: asked?.dates ?? stored.dates,
    asked: asked !== null,
  };
}

/**
 * `onConfirm`: the calendar is shown in place on the booking page (no dates yet there), which
 * takes the confirmed dates as they are stored instead of being navigated to.
 */
export default function Calendar({ locale, shop, onConfirm }: { locale: string; shop: string; onConfirm?: () => void }) {
  const t = useT(locale);
  const lang = toLocale(locale);
  const configuration = useStore($configuration);
  const cart = useStore($cart);
  const products = useStore($products);
  const categories = useStore($categories);
  const [entry] = useState(readEntry);
  const [mode, setMode] = useState<DateMode>(entry.mode);
  // Dates gone by are no choice any more: the visitor starts afresh.
  const [picked, setPicked] = useState<string[]>(() => (entry.dates.some((d) => d < todayInRome()) ? [] : entry.dates));
  useEffect(() => {
    if (entry.asked && !entry.dates.some((d) => d < todayInRome())) setDates(entry.mode, entry.dates);
  }, [entry]);
  // null until the visitor changes month: until then, the opening month (the season's, once loaded).
  const [chosenMonth, setMonth] = useState<string | null>(null);
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
  const wanted = categoryForSlug(categories, entry.category);
  const productId = chosenId ?? initialProductId(groups, requestedProduct(), cart.products, wanted?.ids);
  const season = seasonWindowOf(shopInfo?.season);
  const month = chosenMonth ?? openingMonth(entry.mode, entry.dates, today, season);
  // The opening month may still move when the season arrives: a month counted from the old one
  // would land elsewhere, so the arrows wait for it (a failed load leaves them free: all year).
  const seasonPending = catalogue === 'loading';
  const skipping = shopInfo !== null && skipsCalendar({ ...entry, today, window: season });
  const bookingPage = localizePath(lang, bookingPagePath(shop, wanted ? entry.category : null));
  useEffect(() => {
    if (skipping) location.replace(bookingPage);
  }, [skipping, bookingPage]);
  const product = products.find((p) => p.id === productId) ?? null;
  const span = availabilitySpan(month, today);
  const availability = useDayAvailability(
    shopInfo && product && span ? { shopId: shopInfo.id, productId: product.id, ...span, editOrderCode: cart.orderCodeToReplace } : null,
  );

  const grid = useMemo(() => monthDays(month), [month]);
  const dates = normalizeDates(mode, picked);
  const valid = areDatesValid(mode, dates);
  const bookable = valid && areDatesBookable(mode, dates, today, season);
  const closedDay = valid && !bookable && mode !== DateModes.SEASONAL ? firstDayOutOfSeason(dates[0]!, dates[dates.length - 1]!, season) : null;
  const source = { mode, product, availability: availability.days, cart: cart.products };
  const cells = calendarCells({
    ...source,
    days: grid.filter((d): d is string => d !== null),
    today,
    picked: dates,
    loading: availability.status === 'loading' || (catalogue === 'loading' && span !== null),
    season,
  });
  const openings = openingsShown(grid.filter((d): d is string => d !== null), today, season);
  const cellOf = new Map(cells.map((c) => [c.day, c]));
  const selection = valid ? selectionStatus({ ...source, dates }) : null;
  const monthLabel = new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
  const fullDate = new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeZone: 'UTC' });

  const pick = (day: string) => {
    if (mode !== DateModes.RANGE) return setPicked([day]);
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

  // Dates chosen earlier, from a "Prenota" link: only the shop's season is awaited to go on.
  const mayskip = entry.category !== null && !entry.returning && areDatesValid(entry.mode, entry.dates);
  if (skipping || (mayskip && catalogue === 'loading')) return <p aria-busy="true">{t('booking.loading')}</p>;

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
      {mode !== DateModes.SEASONAL && (
        <div className="month">
          <div className="month__nav">
            <button type="button" className="icon-button" onClick={() => setMonth(shiftMonth(month, -1))} aria-label={t('calendar.previous')} disabled={seasonPending || month <= today.slice(0, 7)}>
              ‹
            </button>
            <h2 aria-live="polite">{monthLabel}</h2>
            <button type="button" className="icon-button" onClick={() => setMonth(shiftMonth(month, 1))} aria-label={t('calendar.next')} disabled={seasonPending}>
              ›
            </button>
          </div>
          {availability.status === 'error' && <p role="alert" className="calendar__error">{t('calendar.availabilityError')}</p>}
          {openings.map((day) => (
            <p key={day} className="calendar__season">
              {t('calendar.season.closed', { date: dayToDisplay(day) })}
            </p>
          ))}
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
        {mode === DateModes.RANGE && dates.length === 1 ? t('calendar.pickEnd') : t(chip.key, chip.params)}
        {/* A range's text already says its day count. */}
        {valid && mode !== DateModes.SEASONAL && mode !== DateModes.RANGE && ` · ${t('calendar.days', { count: rentDays(mode, dates) })}`}
        {mode === DateModes.SEASONAL && shopInfo?.season && !isAllYear(season) && ` · ${t('calendar.season.days', { from: dayToDisplay(shopInfo.season.from), to: dayToDisplay(shopInfo.season.to) })}`}
      </p>
      {closedDay && (
        <p role="alert" className="calendar__error">
          {t('calendar.season.includesClosed', { date: dayToDisplay(nextOpening(closedDay, season)) })}
        </p>
      )}
      {selection && product && (
        <div className="selection" role="status">
          <SelectionAvailability t={t} product={product.label ?? ''} selection={selection} />
          {selection.price !== null && <p>{t('calendar.selection.price', { product: product.label, price: formatCurrency(selection.price) })}</p>}
        </div>
      )}
      <button
        type="button"
        className="button"
        disabled={!bookable}
        onClick={() => {
          setDates(mode, dates);
          if (onConfirm) return onConfirm();
          // Back from the booking page shows this calendar again, to change the dates: not a skip.
          history.replaceState({ ...(history.state as object | null), [CONFIRMED_STATE]: true }, '');
          location.assign(bookingPage);
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
