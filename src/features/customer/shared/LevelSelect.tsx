// The person's skiing level as the booking's "who is it for" dialog and the account's people ask it:
// unchosen first (a level nobody picked must not be booked), then the levels the API accepts
// (src/domain/people.ts) in the page's language. Each form keeps its own id, label, validation and
// registration, passed through to the <select>.
import type { ComponentProps } from 'react';
import type { TFunction } from 'i18next';
import { CUSTOMER_LEVELS } from '~/domain/people';

export default function LevelSelect({ t, ...select }: ComponentProps<'select'> & { t: TFunction }) {
  return (
    <select {...select}>
      <option value="">{t('booking.customer.levelPlaceholder')}</option>
      {CUSTOMER_LEVELS.map((l) => (
        <option key={l} value={l}>
          {t(`booking.customer.levels.${l}`)}
        </option>
      ))}
    </select>
  );
}
