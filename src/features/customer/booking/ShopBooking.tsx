// The shop's booking page (/prenota/{shop}): the shop's sports as tabs, one shown at a time (a
// phone showed every product of every sport, 6,600 px), each with its categories (empty ones
// dropped) → compact product cards (ProductCard.tsx) priced for the chosen dates, the add-ons
// linked to that price behind an expander, availability = server count − what the cart already
// holds, a clear sold-out state, add to cart (asking who it is for when the product needs it).
// Each product links to the calendar showing its availability and prices day by day
// (`?product={id}`). The counts are kept fresh and read again just before adding
// (src/features/customer/booking/stores/fresh-availability.ts): a product someone else has just
// taken turns sold out here. A product that comes in sizes asks its size in the same dialog.
// Reached from a static page's "Prenota" (`?category=sci`), the page opens on that sport's tab,
// at the top: the first "add" is on a phone's first screen, with no scroll and no focus moved;
// switching tabs keeps `?category=` in the address so a reload or the calendar keeps the sport.
// Without dates, the calendar is shown in place first (DatesInPlace.tsx).
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Category, Product } from '~/api/contract/catalogue';
import type { Customer } from '~/api/contract/cart';
import { $availableCounts, $categories, $configuration, $products } from '~/stores/configuration';
import { loadShop } from '~/stores/shop-load';
import { $bookingSport } from '~/stores/booking-sport';
import { $cart, repriceForDates } from '~/stores/cart';
import { MAX_UNITS_PER_PRODUCT, fitsInOrder } from '~/domain/cart';
import { $takenMeanwhile, addIfStillAvailable, ensureStillAvailable, watchShopAvailability } from './stores/fresh-availability';
import { notify } from '~/stores/notifications';
import { areDatesValid, datesChipText, dayToDisplay, rentDays } from '~/domain/dates';
import { offeredAddOns } from '~/domain/pricing';
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';
import { CATEGORY_PARAM, bookingEntryPath, categoryForSlug, categoryFromSearch } from '~/domain/booking-entry';
import { firstClosedDay, seasonWindowOf } from '~/domain/calendar-season';
import { nextOpening } from '~/domain/season';
import AskShop from './ask-shop/AskShopLazy';
import DatesInPlace from './DatesInPlace';
import { useOpenedOnce } from '~/components/ui/useOpenedOnce';
import LazyDialog, { lazyDialog } from '~/components/ui/LazyDialog';
import SportTabs, { sportPanelId, sportTabId } from './SportTabs';
import ProductCard from './ProductCard';
import { pictureOf, type BookingPictures } from './pictures';
import '~/components/ui/controls.css';
import '../shared/booking.css';

// "Per chi è…" and its form load when first asked (useOpenedOnce.ts); `ask` starts the fetch
// while it checks the unit is still there.
const loadCustomerDialog = () => import('./CustomerDialog');
const CustomerDialog = lazyDialog(loadCustomerDialog);

export default function ShopBooking({ locale, shop, pictures }: { locale: string; shop: string; pictures: BookingPictures }) {
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
  const [fromAddress] = useState(() => categoryFromSearch(location.search));
  const categorySlug = useStore($bookingSport) ?? fromAddress;
  // The sport whose tab is open: the one the address names (a sport or one of its categories),
  // else the shop's first.
  const selected = categories.find((root) => categoryForSlug([root], categorySlug)) ?? categories[0];
  const select = (id: number) => {
    const slug = categories.find((root) => root.id === id)?.slug ?? null;
    $bookingSport.set(slug);
    const url = new URL(location.href);
    if (slug) url.searchParams.set(CATEGORY_PARAM, slug);
    history.replaceState(history.state, '', url);
  };

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

  // Without dates the prices cannot be said: the dates are asked right here, not on another page.
  if (!datesOk) return <DatesInPlace locale={locale} shop={shop} />;
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
      <SportTabs tabs={categories.map((root) => ({ id: root.id, label: root.label ?? '' }))} selected={selected?.id ?? 0} onSelect={select} label={t('booking.sports')}>
        {selected && (
          <section
            key={selected.id}
            id={sportPanelId(selected.id)}
            {...(categories.length > 1 ? { role: 'tabpanel', 'aria-labelledby': sportTabId(selected.id) } : { 'aria-labelledby': `category-${selected.id}` })}
          >
            <h2 id={`category-${selected.id}`} className={categories.length > 1 ? 'visually-hidden' : undefined}>
              {selected.label}
            </h2>
            {selected.children.map((child) => (
              <div key={child.id}>
                <h3>{child.label}</h3>
                <ul className="products">
                  {productsOf(child).map((product) => (
                    <ProductCard
                      key={product.id}
                      product={product}
                      picture={pictureOf(pictures, product.code, selected.slug)}
                      t={t}
                      days={days}
                      left={available[product.id] ?? 0}
                      takenMeanwhile={taken.includes(product.id)}
                      fits={!product.current_price || fitsInOrder({ id: product.id, related: relatedOf(product) }, cartProducts)}
                      chosen={addOns[product.id] ?? []}
                      addOnDisabled={(id, ticked) => (available[id] ?? 1) <= 0 || (!ticked && !fitsInOrder({ id }, cartProducts))}
                      onChosen={(chosen) => setAddOns({ ...addOns, [product.id]: chosen })}
                      busy={checking === product.id}
                      onAdd={() => void (product.require_customer_info || product.sizes?.length ? ask(product) : put(product))}
                      calendarHref={`${localizePath(lang, `/prenota/${shop}/calendar`)}?product=${product.id}`}
                      askShop={<AskShop locale={locale} shops={[configuration.shop!]} dates={configuration.dates} product={product.label} />}
                      maxPerOrder={MAX_UNITS_PER_PRODUCT}
                    />
                  ))}
                </ul>
              </div>
            ))}
          </section>
        )}
      </SportTabs>
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
