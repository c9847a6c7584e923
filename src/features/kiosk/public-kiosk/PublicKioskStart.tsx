// The public kiosk's start screen, above the shop's products on its booking page: the shop's
// categories as large tiles and the dates on the same screen (a first day of the coming week, how
// many days). With the dates chosen, a tile brings that category's products (the booking screen
// below, priced for the dates) into view; a tile taken before the dates is kept, and once they are
// there a button shows its products (scrolling away while the customer still picks the length
// would hide the buttons they are using).
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $categories, $configuration } from '~/stores/configuration';
import { loadShop } from '~/stores/shop-load';
import { $bookingSport } from '~/stores/booking-sport';
import { areDatesValid, DateModes, datesChipText, dayLabel, type RelativeDayLabels } from '~/domain/dates';
import { useT } from '~/i18n/client';
import { chooseLength, chooseStart, readKioskDates, rentalLengths, startDays } from './stores/kiosk-start';

/** A day's button: "Oggi" / "Domani" or its weekday, and its date ("29 nov"), in the page's language. */
function dayNames(day: string, locale: string, labels: RelativeDayLabels): { name: string; date: string } {
  const instant = new Date(`${day}T00:00:00Z`);
  const relative = dayLabel(day, labels);
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(instant);
  const date = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(instant);
  return { name: relative === labels.today || relative === labels.tomorrow ? relative : weekday, date };
}

export default function PublicKioskStart({ locale, shop }: { locale: string; shop: string }) {
  const t = useT(locale);
  const categories = useStore($categories);
  const { multipleDates, dates } = useStore($configuration);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>(categories.length ? 'ready' : 'loading');
  // The tile last tapped, and how many taps: tapping it again brings its products back into view.
  const [chosen, setChosen] = useState<{ id: number; tap: number } | null>(null);
  const datesOk = areDatesValid(multipleDates, dates);
  const { start, days } = readKioskDates(multipleDates, dates);
  const [offered] = useState(() => startDays());

  useEffect(() => {
    if (categories.length) return;
    let live = true;
    loadShop(shop).then(
      () => live && setState('ready'),
      () => live && setState('error'),
    );
    return () => {
      live = false;
    };
  }, [shop]);

  useEffect(() => {
    // A tap, not a change of dates, moves the screen (see above).
    if (!chosen || !areDatesValid($configuration.get().multipleDates, $configuration.get().dates)) return;
    // The booking screen renders the category's heading once its products are priced.
    const find = () => document.getElementById(`category-${chosen.id}`);
    const show = (heading: HTMLElement) => heading.scrollIntoView({ block: 'start' });
    const now = find();
    if (now) return show(now);
    const watch = new MutationObserver(() => {
      const heading = find();
      if (!heading) return;
      watch.disconnect();
      show(heading);
    });
    watch.observe(document.getElementById('main') ?? document.body, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, [chosen]);

  const picked = categories.find((c) => c.id === chosen?.id);
  const labels: RelativeDayLabels = { today: t('dates.today'), tomorrow: t('dates.tomorrow') };
  // A range reads day and date at both ends ("Dal lun 7 dic al mer 9 dic"): "Dal Domani al
  // 09/12/2026" mixed a capitalised word with a number. One day alone may say "Domani".
  const weekdayDate = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const show = (day: string) => (multipleDates === DateModes.RANGE ? weekdayDate.format(new Date(`${day}T00:00:00Z`)) : dayLabel(day, labels));
  const chip = datesChipText(multipleDates, dates, show);

  return (
    <section className="kiosk-start" aria-labelledby="kiosk-start-title">
      <h2 id="kiosk-start-title">{t('kiosk.start.title')}</h2>
      <div className="kiosk-start__panes">
        <section className="kiosk-start__what" aria-labelledby="kiosk-start-what">
          <h3 id="kiosk-start-what">{t('kiosk.start.what')}</h3>
          {state === 'loading' && <p aria-busy="true">{t('kiosk.loading')}</p>}
          {state === 'error' && <p role="alert">{t('kiosk.start.loadError')}</p>}
          <ul className="kiosk-tiles">
            {categories.map((category) => (
              <li key={category.id}>
                <button
                  type="button"
                  className="kiosk-tile"
                  aria-pressed={chosen?.id === category.id}
                  onClick={() => {
                    // The booking screen below shows that sport's tab.
                    $bookingSport.set(category.slug ?? null);
                    setChosen({ id: category.id, tap: (chosen?.tap ?? 0) + 1 });
                  }}
                >
                  {category.label}
                </button>
              </li>
            ))}
          </ul>
        </section>
        <section className="kiosk-start__when" aria-labelledby="kiosk-start-when">
          <h3 id="kiosk-start-when">{t('kiosk.start.when')}</h3>
          <div role="group" aria-labelledby="kiosk-start-from" className="kiosk-days">
            <p id="kiosk-start-from" className="kiosk-days__label">
              {t('kiosk.start.from')}
            </p>
            {offered.map((day) => {
              const { name, date } = dayNames(day, locale, labels);
              return (
                <button key={day} type="button" className="kiosk-day" aria-pressed={start === day} onClick={() => chooseStart(day)}>
                  <span className="kiosk-day__name">{name}</span> <span className="kiosk-day__date">{date}</span>
                </button>
              );
            })}
          </div>
          <div role="group" aria-labelledby="kiosk-start-length" className="kiosk-days">
            <p id="kiosk-start-length" className="kiosk-days__label">
              {t('kiosk.start.length')}
            </p>
            {rentalLengths().map((n) => (
              <button key={n} type="button" className="kiosk-length" aria-pressed={days === n} onClick={() => chooseLength(n)}>
                {t('kiosk.start.days', { count: n })}
              </button>
            ))}
          </div>
          <p className="kiosk-start__chosen" aria-live="polite">
            {datesOk
              ? t('kiosk.start.chosen', { dates: t(chip.key, chip.params) })
              : picked
                ? t('kiosk.start.datesFirst', { category: picked.label })
                : t('kiosk.start.datesHint')}
          </p>
          {datesOk && picked && chosen && (
            <button type="button" className="button kiosk-start__show" onClick={() => setChosen({ id: chosen.id, tap: chosen.tap + 1 })}>
              {t('kiosk.start.show', { category: picked.label })}
            </button>
          )}
        </section>
      </div>
    </section>
  );
}
