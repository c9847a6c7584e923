// The booking page without dates: the calendar itself, in place, under the question, instead of a
// page that only says to choose them elsewhere. Its code is fetched only then (a visitor who has
// dates never loads it here); once confirmed, the stored dates make the booking page show the gear
// priced for them, from the top.
import { lazy, Suspense } from 'react';
import { useT } from '~/i18n/client';

const Calendar = lazy(() => import('./Calendar'));

export default function DatesInPlace({ locale, shop }: { locale: string; shop: string }) {
  const t = useT(locale);
  return (
    <section className="dates-in-place" aria-labelledby="dates-in-place-title">
      <h2 id="dates-in-place-title">{t('booking.chooseDates')}</h2>
      <Suspense fallback={<p aria-busy="true">{t('booking.loading')}</p>}>
        <Calendar locale={locale} shop={shop} onConfirm={() => window.scrollTo({ top: 0 })} />
      </Suspense>
    </section>
  );
}
