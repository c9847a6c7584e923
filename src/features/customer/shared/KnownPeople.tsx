// The logged-in customer's known people as one-tap choices in the "Per chi è …?" dialog:
// a tap fills every field of the dialog (still editable). Renders the people store and dispatches;
// loading is the store's (src/features/customer/shared/stores/people.ts). Nothing is shown to a guest or on a kiosk.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { Person } from '~/api/contract/people';
import { $people, loadPeople } from './stores/people';
import { useT } from '~/i18n/client';
import './people.css';

export function personName(p: Pick<Person, 'first_name' | 'last_name'>): string {
  return `${p.first_name} ${p.last_name}`;
}

export default function KnownPeople(props: { locale: string; open: boolean; onPick: (person: Person) => void }) {
  const t = useT(props.locale);
  const { list } = useStore($people);
  useEffect(() => {
    if (props.open) void loadPeople();
  }, [props.open]);
  if (list.length === 0) return null;
  return (
    <fieldset className="known-people">
      <legend>{t('booking.knownPeople')}</legend>
      <p className="known-people__hint">{t('booking.knownPeopleHint')}</p>
      <ul className="known-people__list">
        {list.map((p) => (
          <li key={p.id}>
            <button type="button" className="chip known-people__choice" onClick={() => props.onPick(p)}>
              <span className="known-people__name">{personName(p)}</span>{' '}
              <span className="known-people__summary">
                {t('booking.knownPersonSummary', { height: p.height, weight: p.weight, shoe_size: p.shoe_size, level: t(`booking.customer.levels.${p.level}`) })}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
