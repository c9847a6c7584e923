// The logged-in customer's known people ("returning skiers"): loaded from the API when
// the "Per chi è …?" dialog or the account page needs them, kept in memory only (a plain nanostores
// atom, never persisted: they leave the browser with the page or the session). Actions here,
// requests in src/api/people.ts; components only render the state and dispatch.
import { atom } from 'nanostores';
import type { Person, PersonInput, PersonPatch } from '~/api/contract/people';
import type { PersonForm } from '~/domain/people';
import { createPerson, deletePerson, fetchPeople, updatePerson } from '~/api/people';
import { $configuration } from '~/stores/configuration';
import { $token } from '~/stores/session';
import { api } from '~/stores/api';

export interface PeopleState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  list: Person[];
}

const IDLE: PeopleState = { status: 'idle', list: [] };

/** Only a customer's own session has people: never a guest, never a kiosk (no customer login there). */
function customerToken(): string | undefined {
  return $configuration.get().totem ? undefined : $token.get() || undefined;
}

/**
 * The people of the session and the read under way; another login (or a logout) starts from
 * nothing. The pages have one (below); a test makes its own.
 */
export function createPeople() {
  const $people = atom<PeopleState>(IDLE);
  /** The session whose people are in the store. */
  let loadedFor: string | undefined;
  let inFlight: Promise<void> | null = null;

  $token.listen((token) => {
    if (token === loadedFor) return;
    loadedFor = undefined;
    inFlight = null;
    $people.set(IDLE);
  });

  /** Loads the people once per session (again with `force`); a guest or a kiosk gets none. */
  function loadPeople(options: { force?: boolean } = {}): Promise<void> {
    const token = customerToken();
    if (!token) {
      $people.set(IDLE);
      return Promise.resolve();
    }
    if (!options.force && loadedFor === token && $people.get().status === 'ready') return Promise.resolve();
    if (!options.force && inFlight) return inFlight;
    $people.set({ ...$people.get(), status: 'loading' });
    const run = fetchPeople(api)
      .then((list) => {
        if (customerToken() !== token) return;
        loadedFor = token;
        $people.set({ status: 'ready', list });
      })
      .catch(() => {
        if (customerToken() === token) $people.set({ ...$people.get(), status: 'error' });
      })
      .finally(() => {
        if (inFlight === run) inFlight = null;
      });
    inFlight = run;
    return run;
  }

  /** Adds a person (a 422 is rethrown for the form); the newest goes first, as the API lists them. */
  async function addPerson(input: PersonInput): Promise<Person> {
    const person = await createPerson(api, input);
    $people.set({ status: 'ready', list: [person, ...$people.get().list] });
    return person;
  }

  /** Renames or changes a person's measures (a 422 is rethrown for the form). */
  async function editPerson(id: number, changes: PersonPatch): Promise<Person> {
    const person = await updatePerson(api, id, changes);
    $people.set({ ...$people.get(), list: $people.get().list.map((p) => (p.id === id ? person : p)) });
    return person;
  }

  async function removePerson(id: number): Promise<void> {
    await deletePerson(api, id);
    $people.set({ ...$people.get(), list: $people.get().list.filter((p) => p.id !== id) });
  }

  return { $people, loadPeople, addPerson, editPerson, removePerson };
}

export const { $people, loadPeople, addPerson, editPerson, removePerson } = createPeople();

/** The dialog's and the account form's fields for a person: every one filled, as text inputs hold them. */
export function personFormValues(person: Person): PersonForm {
  return {
    first_name: person.first_name,
    last_name: person.last_name,
    height: String(person.height),
    weight: String(person.weight),
    shoe_size: String(person.shoe_size),
    level: person.level,
  };
}
