// The shop's booking page (/prenota/{shop}): categories (empty ones dropped) → products priced for
// the chosen dates, the add-ons linked to that price (recommended first), availability = server
// count − what the cart already holds, a clear sold-out state, add to cart (asking who it is for
// when the product needs it). Each product links to the calendar showing its availability and
// prices day by day (`?product={id}`). The counts are kept fresh and read again just before adding
// (src/features/customer/booking/stores/fresh-availability.ts): a product someone else has just taken turns sold out here.
// A product that comes in sizes asks its size in the same dialog, with each size's free units.
// Reached from a static page's "Prenota" (`?category=sci`), the page scrolls to that
// category once loaded and moves focus to its heading, so keyboard and screen-reader users land
// there too; without dates, the way to the calendar keeps the category.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Category, Product } from '../../../api/contract/catalogue';
import type { Customer } from '../../../api/contract/cart';
import { $availableCounts, $categories, $configuration, $products } from '../../../stores/configuration';
import { loadShop } from '../../../stores/shop-load';
import { $cart, repriceForDates } from '../../../stores/cart';
import { MAX_UNITS_PER_PRODUCT, fitsInOrder } from '../../../domain/cart';
import { $takenMeanwhile, addIfStillAvailable, ensureStillAvailable, watchShopAvailability } from './stores/fresh-availability';
import { notify } from '../../../stores/notifications';
import { areDatesValid, datesChipText, dayToDisplay, rentDays } from '../../../domain/dates';
import { offeredAddOns, productTotal } from '../../../domain/pricing';
import { formatCurrency } from '../../../domain/format';
import { useT } from '../../../i18n/client';
import { localizePath, toLocale } from '../../../i18n/index';
import { bookingEntryPath, categoryForSlug, categoryFromSearch } from '../../../domain/booking-entry';
import { firstClosedDay, seasonWindowOf } from '../../../domain/calendar-season';
import { nextOpening } from '../../../domain/season';
import AskShop from './ask-shop/AskShopLazy';
import { useOpenedOnce } from '../../../components/ui/useOpenedOnce';
import LazyDialog, { lazyDialog } from '../../../components/ui/LazyDialog';
import '../../../components/ui/controls.css';
import '../shared/booking.css';

// "Per chi è…" and its form load when first asked (useOpenedOnce.ts); `ask` starts the fetch
// while it checks the unit is still there.
const loadCustomerDialog = () => import('./CustomerDialog');
const CustomerDialog = lazyDialog(loadCustomerDialog);

export default function ShopBooking({ locale, shop }: { locale: string; shop: string }) {
  const t = useT(locale);
  const lang = toLocale(locale);
  const configuration = useStore($configuration);
  const products = useStore($products);
  const categories = useStore($categories);
  const available = useStore($availableCounts);
  const taken = useStore($takenMeanwhile);
  // One order holds at most MAX_UNITS_PER_PRODUCT of a product: past it, nothing more goes in.
  const cartProducts = useStore($cart).products;
  const [state, setState] = useState<'idle' | 'loading' | 'ready' | 'error'>('idle');
  const [addOns, setAddOns] = useState<Record<number, number[]>>({});
  const [asking, setAsking] = useState<Product | null>(null);
  const customerDialogMounted = useOpenedOnce(asking !== null);
  // The product being checked before it goes in: a second click meanwhile would add it twice.
  const [checking, setChecking] = useState<number | null>(null);
  const datesOk = areDatesValid(configuration.multipleDates, configuration.dates);
  const days = rentDays(configuration.multipleDates, configuration.dates);
  const [categorySlug] = useState(() => categoryFromSearch(location.search));
  const target = state === 'ready' ? categoryForSlug(categories, categorySlug) : null;
  const targetHeading = useRef<HTMLHeadingElement | null>(null);
  const landed = useRef(false);
  useEffect(() => {
    // Once: later reloads of the counts must not pull the visitor back up.
    if (!target || landed.current || !targetHeading.current) return;
    landed.current = true;
    targetHeading.current.scrollIntoView({ block: 'start' });
    targetHeading.current.focus({ preventScroll: true });
  }, [target]);
  const headingProps = (id: number) => (target?.id === id ? { ref: targetHeading, tabIndex: -1 } : {});

  useEffect(() => {
    if (!datesOk) return;
    let live = true;
    let stop = () => {};
    setState('loading');
    loadShop(shop)
      .then(() => repriceForDates($products.get(), $configuration.get().multipleDates, $configuration.get().dates))
      .then(() => {
        if (!live) return false;
        const watch = watchShopAvailability();
        stop = watch.stop;
        return watch.first;
      })
      .then((ok) => live && setState(ok ? 'ready' : 'error'))
      .catch(() => live && setState('error'));
    return () => {
      live = false;
      stop();
    };
  }, [shop, datesOk, configuration.multipleDates, configuration.dates.join(',')]);

  if (!datesOk)
    return (
      <p className="notice">
        {t('booking.chooseDates')} <a className="button" href={localizePath(lang, bookingEntryPath(shop, categorySlug ?? undefined))}>{t('booking.goToCalendar')}</a>
      </p>
    );
  if (state === 'loading' || state === 'idle') return <p aria-busy="true">{t('booking.loading')}</p>;
  if (state === 'error') return <p role="alert">{t('booking.loadError')}</p>;
  // Dates kept from another shop may fall where this one is closed: say so before any product.
  const season = seasonWindowOf(configuration.shop?.season);
  const closedDay = firstClosedDay(configuration.multipleDates, configuration.dates, season);
  if (closedDay)
    return (
      <p className="notice" role="alert">
        {t('calendar.season.includesClosed', { date: dayToDisplay(nextOpening(closedDay, season)) })}{' '}
        <a className="button" href={localizePath(lang, bookingEntryPath(shop, categorySlug ?? undefined))}>
          {t('booking.goToCalendar')}
        </a>
      </p>
    );

  const relatedOf = (product: Product) => {
    const chosen = addOns[product.id] ?? [];
    return offeredAddOns(product.related, product.current_price!.id).map((r) => ({ id: r.id, id_price: r.price.id, used: chosen.includes(r.price.id) }));
  };
  const put = async (product: Product, customer?: Customer, size?: string | null) => {
    setChecking(product.id);
    const outcome = await addIfStillAvailable({
      id: product.id,
      id_shop: configuration.shop!.id,
      id_price: product.current_price!.id,
      related: relatedOf(product),
      customer,
      ...(size ? { size } : {}),
      multipleDates: configuration.multipleDates,
      dates: configuration.dates,
      days,
    }).finally(() => setChecking(null));
    // Sold out meanwhile: the store has said so and the product shows it.
    if (outcome === 'added') notify(t('booking.added', { product: product.label }), 'success');
    if (outcome === 'full') notify(t('booking.unitsPerOrder', { max: MAX_UNITS_PER_PRODUCT }), 'warning');
  };
  // Who it is for is asked only while a unit is still there: nobody fills in a form for nothing.
  const ask = async (product: Product) => {
    setChecking(product.id);
    // The button stays busy until the dialog's chunk is here too: on a slow line a tap must not
    // look ignored (a failed chunk is LazyDialog's to report).
    const [still] = await Promise.all([
      ensureStillAvailable({ id: product.id, related: relatedOf(product) }),
      loadCustomerDialog().catch(() => null),
    ]).finally(() => setChecking(null));
    if (still) setAsking(product);
  };

  const productsOf = (category: Category) => products.filter((p) => p.categories.includes(category.id));

  const chip = datesChipText(configuration.multipleDates, configuration.dates);
  return (
    <div className="booking-page">
      {/* The prices below are for these dates: say which, and how to change them. */}
      <p className="booking-dates">
        <a href={localizePath(lang, `/prenota/${shop}/calendar`)}>{t('appBar.changeDates', { dates: t(chip.key, chip.params) })}</a>
      </p>
      {categories.map((root) => (
        <section key={root.id} aria-labelledby={`category-${root.id}`}>
          <h2 id={`category-${root.id}`} {...headingProps(root.id)}>
            {root.label}
          </h2>
          {root.children.map((child) => (
            <div key={child.id}>
              <h3 {...headingProps(child.id)}>{child.label}</h3>
              <ul className="products">
                {productsOf(child).map((product) => {
                  const price = product.current_price;
                  const left = available[product.id] ?? 0;
                  const offered = price ? offeredAddOns(product.related, price.id) : [];
                  const chosen = addOns[product.id] ?? [];
                  const total = price ? productTotal(price, offered.filter((r) => chosen.includes(r.price.id)).map((r) => ({ price: r.price })), { days }) : 0;
                  const soldOut = left <= 0;
                  const fits = !price || fitsInOrder({ id: product.id, related: relatedOf(product) }, cartProducts);
                  return (
                    <li key={product.id} className="product" aria-labelledby={`product-${product.id}`}>
                      <h4 id={`product-${product.id}`}>{product.label}</h4>
                      {!price ? (
                        <p>{t('booking.noPrice')}</p>
                      ) : (
                        <>
                          <p className="price">
                            {t('booking.price')}: <strong>{formatCurrency(total)}</strong>
                          </p>
                          <p className={soldOut ? 'sold-out' : 'availability'}>
                            {soldOut ? t('booking.soldOut') : t('booking.available', { count: left })}
                            {soldOut && taken.includes(product.id) && ` · ${t('booking.justTaken')}`}
                          </p>
                          {/* Sold out online: the shop may still help (AskShop.tsx). */}
                          {soldOut && <AskShop locale={locale} shops={[configuration.shop!]} dates={configuration.dates} product={product.label} />}
                          {!soldOut && !fits && <p className="availability">{t('booking.unitsPerOrder', { max: MAX_UNITS_PER_PRODUCT })}</p>}
                          {offered.length > 0 && (
                            <fieldset className="addons">
                              <legend>{t('booking.addOns')}</legend>
                              {offered.map((r) => (
                                <label key={r.price.id} className="check">
                                  <input
                                    type="checkbox"
                                    checked={chosen.includes(r.price.id)}
                                    disabled={soldOut || (available[r.id] ?? 1) <= 0 || (!chosen.includes(r.price.id) && !fitsInOrder({ id: r.id }, cartProducts))}
                                    onChange={(e) =>
                                      setAddOns({ ...addOns, [product.id]: e.target.checked ? [...chosen, r.price.id] : chosen.filter((id) => id !== r.price.id) })
                                    }
                                  />
                                  {r.label} (+{formatCurrency(productTotal(r.price, [], { days }))}){r.recommended ? ` · ${t('booking.recommended')}` : ''}
                                </label>
                              ))}
                            </fieldset>
                          )}
                          <button type="button" className="button" disabled={soldOut || !fits || checking === product.id} onClick={() => void (product.require_customer_info || product.sizes?.length ? ask(product) : put(product))}>
                            {t('booking.addToCart')}
                            <span className="visually-hidden">: {product.label}</span>
                          </button>
                        </>
                      )}
                      <p className="calendar-link">
                        <a href={`${localizePath(lang, `/prenota/${shop}/calendar`)}?product=${product.id}`}>
                          {t('calendar.seeAvailability')}
                          <span className="visually-hidden">: {product.label}</span>
                        </a>
                      </p>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </section>
      ))}
      <p>
        <a className="button" href={localizePath(lang, `/prenota/${shop}/order`)}>
          {t('booking.toCheckout')}
        </a>
      </p>
      {customerDialogMounted && (
        <LazyDialog
          open={asking !== null}
          onFailed={() => {
            setAsking(null);
            notify(t('errors.network'), 'error');
          }}
        >
          <CustomerDialog
            locale={locale}
            product={asking?.label ?? null}
            sizedProductId={asking?.sizes?.length ? asking.id : null}
            measures={asking?.require_customer_info ?? true}
            onCancel={() => setAsking(null)}
            onConfirm={(customer, size) => {
              void put(asking!, customer, size);
              setAsking(null);
            }}
          />
        </LazyDialog>
      )}
    </div>
  );
}
