// Requests for the account's people (contract src/api/contract/people.ts). 422s come
// back as the client's ApiClientError (field messages) for the forms to show under their fields.
import {
  PeopleEnvelopeSchema,
  PersonDeletedSchema,
  PersonEnvelopeSchema,
  type Person,
  type PersonInput,
  type PersonPatch,
} from './contract/people';
import type { ApiClient } from './client';

const PEOPLE = 'v1/user/people';

/** GET v1/user/people: latest used first. */
export async function fetchPeople(api: ApiClient): Promise<Person[]> {
  return (await api.get(PEOPLE, { schema: PeopleEnvelopeSchema })).data;
}

/** POST v1/user/people. */
export async function createPerson(api: ApiClient, person: PersonInput): Promise<Person> {
  return (await api.post(PEOPLE, { json: person, schema: PersonEnvelopeSchema })).data;
}

/** PATCH v1/user/people/{id}: rename or new measures. */
export async function updatePerson(api: ApiClient, id: number, changes: PersonPatch): Promise<Person> {
  return (await api.patch(`${PEOPLE}/${id}`, { json: changes, schema: PersonEnvelopeSchema })).data;
}

/** DELETE v1/user/people/{id}. */
export async function deletePerson(api: ApiClient, id: number): Promise<void> {
  await api.delete(`${PEOPLE}/${id}`, { schema: PersonDeletedSchema });
}
