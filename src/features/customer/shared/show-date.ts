// The islands' access to displayDate (src/domain/display-dates.ts): the day labels in the page's
// language, so every customer screen writes "Oggi"/"Domani"/DD/MM/YYYY the same way.
import type { TFunction } from 'i18next';
import { displayDate } from '~/domain/display-dates';

/** `show(day)` → "Oggi", "Domani" or DD/MM/YYYY; `show(dateTime, true)` → "Oggi, 14:30". */
export function dateShower(t: TFunction): (value: string, withTime?: boolean) => string {
  const labels = { today: t('dates.today'), tomorrow: t('dates.tomorrow') };
  return (value, withTime = false) => displayDate(value, labels, { withTime });
}
