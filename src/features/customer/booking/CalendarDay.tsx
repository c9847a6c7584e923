// One day of the calendar: its number, the price the current selection would have with it, and
// two bars for its morning and afternoon (free, sold out, loading). Everything it shows comes
// computed from src/domain/calendar.ts; the accessible name says the date, the state and the price.
// A day out of the shop's season is disabled like a past one, and its name says when it reopens.
import type { TFunction } from 'i18next';
import type { CalendarCell, HalfFit } from '~/domain/calendar';
import { formatAmountCompact, formatCurrency } from '~/domain/format';
import { dayToDisplay } from '~/domain/dates';

type HalfLook = 'free' | 'out' | 'loading' | 'unknown';

function halfLook(fit: HalfFit | null, half: keyof HalfFit, loading: boolean): HalfLook {
  if (!fit) return loading ? 'loading' : 'unknown';
  return fit[half] ? 'free' : 'out';
}

export function dayLabel(t: TFunction, cell: CalendarCell, date: string): string {
  if (cell.opensOn) return t('calendar.day.label', { date, state: t('calendar.day.outOfSeason', { date: dayToDisplay(cell.opensOn) }) });
  const price = cell.price === null ? null : formatCurrency(cell.price);
  const state = cell.past || cell.state === 'unknown' ? null : t(`calendar.day.${cell.state}`);
  if (state && price) return t('calendar.day.labelPrice', { date, state, price });
  if (state) return t('calendar.day.label', { date, state });
  if (price) return t('calendar.day.labelOnlyPrice', { date, price });
  return date;
}

interface Props {
  cell: CalendarCell;
  /** Full date in the page's language, e.g. "sabato 12 dicembre 2026". */
  date: string;
  selected: boolean;
  t: TFunction;
  onPick: (day: string) => void;
}

export default function CalendarDay({ cell, date, selected, t, onPick }: Props) {
  const loading = cell.state === 'loading';
  const closed = cell.opensOn !== null;
  const className = ['day', selected && 'day--selected', cell.soldOut && 'day--sold-out', closed && 'day--closed'].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      className={className}
      disabled={cell.past || closed}
      aria-pressed={selected}
      aria-label={dayLabel(t, cell, date)}
      data-day={cell.day}
      data-state={cell.past ? 'past' : closed ? 'closed' : cell.state}
      onClick={() => onPick(cell.day)}
    >
      <span className="day__number">{Number(cell.day.slice(8))}</span>
      {/* Compact (no "€", no ",00"): the full price is in the accessible name, the unit in the legend. */}
      <span className="day__price">{cell.price === null ? '' : formatAmountCompact(cell.price)}</span>
      <span className="day__halves" aria-hidden="true">
        {!cell.past &&
          !closed &&
          (['morning', 'afternoon'] as const).map((half) => (
            <span key={half} className={`half half--${halfLook(cell.fit, half, loading)}`} data-half={half} />
          ))}
      </span>
    </button>
  );
}
