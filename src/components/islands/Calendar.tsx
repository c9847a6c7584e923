// Date selection (/prenota/{shop}/calendar and the dates chip): the five date modes, morning or
// afternoon on a single day, ranges (a reversed range is swapped), the season; past days disabled;
// the day count shown. Days are calendar days in Europe/Rome.
import { useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $configuration, setDates } from '../../stores/configuration';
import { addDays, areDatesValid, datesChipText, isPastDay, normalizeDates, rentDays, todayInRome, type DateMode } from '../../domain/dates';
import { useT } from '../../i18n/client';
import { localizePath, toLocale } from '../../i18n/index';
import './islands.css';

const MODES: DateMode[] = [2, 3, 0, 1, 20];

function monthDays(month: string): (string | null)[] {
  // `month` is YYYY-MM; Monday-first grid with blanks before the 1st.
  const first = `${month}-01`;
  const weekday = (new Date(`${first}T12:00:00Z`).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: weekday }, () => null);
  for (let day = first; day.startsWith(month); day = addDays(day, 1)) cells.push(day);
  return cells;
}

const shiftMonth = (month: string, by: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

export default function Calendar({ locale, shop }: { locale: string; shop: string }) {
  const t = useT(locale);
  const lang = toLocale(locale);
  const configuration = useStore($configuration);
  const [mode, setMode] = useState<DateMode>(configuration.multipleDates);
  const [picked, setPicked] = useState<string[]>(configuration.dates);
  const [month, setMonth] = useState(() => (configuration.dates[0] ?? todayInRome()).slice(0, 7));
  const cells = useMemo(() => monthDays(month), [month]);
  const dates = normalizeDates(mode, picked);
  const valid = areDatesValid(mode, dates);
  const monthLabel = new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));

  const pick = (day: string) => {
    if (mode !== 3) return setPicked([day]);
    setPicked(picked.length === 1 ? [picked[0]!, day] : [day]);
  };
  const inRange = (day: string) => (dates.length === 2 ? day >= dates[0]! && day <= dates[1]! : dates.includes(day));
  const chip = datesChipText(mode, dates);

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
      {mode !== 20 && (
        <div className="month">
          <div className="month__nav">
            <button type="button" className="icon-button" onClick={() => setMonth(shiftMonth(month, -1))} aria-label={t('calendar.previous')} disabled={month <= todayInRome().slice(0, 7)}>
              ‹
            </button>
            <h2 aria-live="polite">{monthLabel}</h2>
            <button type="button" className="icon-button" onClick={() => setMonth(shiftMonth(month, 1))} aria-label={t('calendar.next')}>
              ›
            </button>
          </div>
          <div className="grid" role="group" aria-label={monthLabel}>
            {t('calendar.weekdays').split(' ').map((d) => (
              <span key={d} className="weekday" aria-hidden="true">
                {d}
              </span>
            ))}
            {cells.map((day, i) =>
              day ? (
                <button
                  key={day}
                  type="button"
                  className={`day${inRange(day) ? ' day--selected' : ''}`}
                  disabled={isPastDay(day)}
                  aria-pressed={inRange(day)}
                  aria-label={new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`))}
                  onClick={() => pick(day)}
                >
                  {Number(day.slice(8))}
                </button>
              ) : (
                <span key={`blank-${i}`} />
              ),
            )}
          </div>
        </div>
      )}
      <p className="summary" aria-live="polite">
        {mode === 3 && dates.length === 1 ? t('calendar.pickEnd') : t(chip.key, chip.params)}
        {valid && mode !== 20 && ` · ${t('calendar.days', { count: rentDays(mode, dates) })}`}
      </p>
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
