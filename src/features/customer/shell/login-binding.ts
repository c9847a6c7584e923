// What the login sheet's view (LoginDialog.tsx) and react-hook-form's side of it (LoginLive.tsx,
// fetched on the form's first use) hand each other: here, so neither imports the other's module.
import type { FormEvent } from 'react';
import type { FieldProps } from '~/components/ui/useLoadOnFirstUse';

export interface LoginFields {
  username: string;
  password: string;
  bocard: string;
}

/** Who drives the fields: the light host until react-hook-form is live, then LoginLive. */
export interface LoginBinding {
  register: (name: keyof LoginFields) => FieldProps;
  errors: Partial<Record<keyof LoginFields, string>>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
}
