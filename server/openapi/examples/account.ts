// Example account answers: a customer, one of the people she rents for, a session token.
import type * as z from 'zod/mini';
import type { UserSchema } from '~/api/contract/user';
import type { PersonSchema } from '~/api/contract/people';

export const TOKEN = 'q3Vt0bXk9sN2cF7hJ1mR4wZ8yL6pA5dE';

export const USER: z.input<typeof UserSchema> = {
  id: 12,
  username: 'anna.verdi@example.com',
  first_name: 'Anna',
  last_name: 'Verdi',
  phone: '+39 333 1234567',
  to_string: 'Anna Verdi',
  medias: [{ id: 80, url: '/api/v1/media/80', name: 'carta-identita.jpg' }],
  fidelity_card_number: null,
};

export const PERSON: z.input<typeof PersonSchema> = {
  id: 3,
  first_name: 'Luca',
  last_name: 'Verdi',
  height: 180,
  weight: 72,
  shoe_size: 42.5,
  level: 'intermedio',
};
