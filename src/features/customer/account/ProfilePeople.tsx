// The account's people: the skiers of past orders and those added here, to rename,
// edit or delete; the booking dialog offers them. Renders the people store, dispatches its actions;
// the form is validated by the contract's schema and the API's 422s land under the fields.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useForm, type Path } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { PersonInputSchema, type Person } from '~/api/contract/people';
import { MEASURE_BOUNDS } from '~/domain/people';
import { $people, addPerson, editPerson, loadPeople, personFormValues, removePerson } from '../shared/stores/people';
import { notify } from '~/stores/notifications';
import { zodResolver } from '~/components/ui/zod-resolver';
import { showFieldErrors } from './form-errors';
import { personName } from '../shared/KnownPeople';
import LevelSelect from '../shared/LevelSelect';
import '../shared/people.css';

type PersonFields = ReturnType<typeof personFormValues>;
const FIELDS = ['first_name', 'last_name', 'height', 'weight', 'shoe_size', 'level'] as const;
const EMPTY: PersonFields = { first_name: '', last_name: '', height: '', weight: '', shoe_size: '', level: '' };
const NUMERIC: Partial<Record<(typeof FIELDS)[number], { min: number; max: number }>> = MEASURE_BOUNDS;

/** Add (person null) or edit one person; closes on save or cancel. */
function PersonForm(props: { person: Person | null; t: TFunction; onDone: (saved: Person | null) => void }) {
  const { t, person } = props;
  const form = useForm<PersonFields>({ defaultValues: person ? personFormValues(person) : EMPTY, resolver: zodResolver(PersonInputSchema, t) });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => form.setFocus('first_name'), [form]);
  const submit = form.handleSubmit(async (v) => {
    try {
      const saved = person ? await editPerson(person.id, v) : await addPerson(v);
      notify(t('account.profile.personSaved'), 'success');
      props.onDone(saved);
    } catch (err) {
      showFieldErrors(form, err, FIELDS);
    }
  });
  const prefix = `person-${person?.id ?? 'new'}`;
  return (
    <form onSubmit={submit} noValidate className="account-form" aria-label={person ? t('account.profile.editPerson', { name: personName(person) }) : t('account.profile.addPerson')}>
      {FIELDS.map((name) => {
        const id = `${prefix}-${name}`;
        const error = errors[name]?.message;
        const common = { id, 'aria-invalid': !!error, 'aria-describedby': `${id}-error`, ...form.register(name as Path<PersonFields>) };
        const bounds = NUMERIC[name];
        return (
          <div className="field" key={name}>
            <label htmlFor={id}>{t(`booking.customer.${name}`)}</label>
            {name === 'level' ? (
              <LevelSelect t={t} {...common} />
            ) : (
              <input type="text" inputMode={bounds ? 'decimal' : undefined} {...common} />
            )}
            <p id={`${id}-error`} className="field__error">
              {error}
            </p>
          </div>
        );
      })}
      {errors.root?.message && (
        <p className="field__error" role="alert">
          {errors.root.message}
        </p>
      )}
      <div className="actions">
        <button type="button" className="link-button" onClick={() => props.onDone(null)}>
          {t('account.profile.cancel')}
        </button>
        <button type="submit" className="button" disabled={isSubmitting}>
          {t('account.profile.savePerson')}
        </button>
      </div>
    </form>
  );
}

export default function ProfilePeople({ t }: { t: TFunction }) {
  const { list, status } = useStore($people);
  /** The person being edited, 'new' while adding, null otherwise. */
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => void loadPeople(), []);

  // Back from a form, the focus returns to where the customer was: the person's edit button, or Add.
  // Moved once the list is rendered again without the form (an effect runs after that commit).
  const [returnFocus, setReturnFocus] = useState<string | null>(null);
  useEffect(() => {
    if (!returnFocus) return;
    (document.getElementById(returnFocus) ?? addButton.current)?.focus();
    setReturnFocus(null);
  }, [returnFocus]);
  const close = (saved: Person | null, from: number | 'new') => {
    setEditing(null);
    setReturnFocus(`person-edit-${saved?.id ?? from}`);
  };
  const remove = async (person: Person) => {
    await removePerson(person.id);
    notify(t('account.profile.personDeleted', { name: personName(person) }), 'success');
    addButton.current?.focus();
  };

  return (
    <section className="profile-section" aria-labelledby="profile-people-title">
      <h2 id="profile-people-title">{t('account.profile.people')}</h2>
      <p>{t('account.profile.peopleIntro')}</p>
      {status === 'ready' && list.length === 0 && <p>{t('account.profile.noPeople')}</p>}
      <ul className="people-list">
        {list.map((p) =>
          editing === p.id ? (
            <li key={p.id}>
              <PersonForm person={p} t={t} onDone={(saved) => close(saved, p.id)} />
            </li>
          ) : (
            <li key={p.id} data-person={p.id}>
              <span>
                <strong>{personName(p)}</strong>{' '}
                {t('booking.knownPersonSummary', { height: p.height, weight: p.weight, shoe_size: p.shoe_size, level: t(`booking.customer.levels.${p.level}`) })}
              </span>
              <span className="actions">
                <button type="button" id={`person-edit-${p.id}`} className="link-button" onClick={() => setEditing(p.id)}>
                  {t('account.profile.editPerson', { name: personName(p) })}
                </button>
                <button type="button" className="link-button" onClick={() => void remove(p)}>
                  {t('account.profile.deletePerson', { name: personName(p) })}
                </button>
              </span>
            </li>
          ),
        )}
      </ul>
      {editing === 'new' ? (
        <PersonForm person={null} t={t} onDone={(saved) => close(saved, 'new')} />
      ) : (
        <button type="button" ref={addButton} className="button" onClick={() => setEditing('new')}>
          {t('account.profile.addPerson')}
        </button>
      )}
    </section>
  );
}
