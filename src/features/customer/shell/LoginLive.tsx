// react-hook-form's side of the login sheet, fetched on the first use of its form (see
// LoginDialog.tsx): the fields' rules, the login, where a refusal is shown, and what success does.
// It renders nothing: it hands the sheet's form, which stays mounted, a binding (`register`, the
// messages, the submit), so react-hook-form takes over the very elements the customer is typing in.
import { memo, useLayoutEffect, useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { login } from '~/stores/login';
import { notify } from '~/stores/notifications';
import { fieldMessages } from '~/api/errors';
import { useT } from '~/i18n/client';
import { email, required, toFormValidate } from '~/domain/validators';
import type { LoginBinding, LoginFields } from './login-binding';

/** The fields in the order they appear, so focus goes to the first one the server refused. */
const FIELDS = ['username', 'password', 'bocard'] as const satisfies readonly (keyof LoginFields)[];
const EMPTY: LoginFields = { username: '', password: '', bocard: '' };

/** What the sheet's inputs hold now: until react-hook-form takes them over, their values live in the DOM alone. */
function readFields(form: HTMLFormElement | null): LoginFields {
  const values = { ...EMPTY };
  for (const name of FIELDS) {
    const el = form?.elements.namedItem(name);
    if (el instanceof HTMLInputElement) values[name] = el.value;
  }
  return values;
}

export interface LoginLiveProps {
  locale: string;
  form: RefObject<HTMLFormElement | null>;
  /** Whether the card number is asked (its field shows, and is sent). */
  showBocard: boolean;
  onClose: () => void;
  onBinding: (binding: LoginBinding) => void;
}

function LoginLive({ locale, form, showBocard, onClose, onBinding }: LoginLiveProps) {
  const t = useT(locale);
  // Read while this renders, and the handover commits in the same task: no keystroke falls between.
  const [start] = useState(() => readFields(form.current));
  const { register, handleSubmit, setError, setFocus, reset, formState } = useForm<LoginFields>({ defaultValues: start });
  // The username is the account's email (signup takes only addresses): a malformed one is
  // refused here rather than sent (spec §5, validators.email).
  const rules = { username: toFormValidate([required, email], t), password: toFormValidate([required], t) };

  const submit = handleSubmit(async (values) => {
    try {
      await login({ username: values.username, password: values.password, ...(showBocard && values.bocard ? { bocard: values.bocard } : {}) });
      notify(t('login.success'), 'success');
      // Empty, not back to what the fields held when react-hook-form took them over.
      reset(EMPTY);
      onClose();
    } catch (err) {
      // Each message under the field the server named (wrong credentials: under the password).
      const refused = fieldMessages(err, showBocard ? FIELDS : FIELDS.filter((field) => field !== 'bocard')) ?? [];
      for (const [field, message] of refused) setError(field, { message });
      // Focus the first of them, as a failed check in the browser does; the field is read out
      // with its error (aria-describedby).
      if (refused[0]) setFocus(refused[0][0]);
      // Other failures: only the spinner clears (spec §8).
    }
  });

  // Read while rendering: react-hook-form renders this again when they change.
  const errors: LoginBinding['errors'] = {};
  for (const name of FIELDS) errors[name] = formState.errors[name]?.message;
  const bind: LoginBinding['register'] = (name) => (name === 'bocard' ? register(name) : register(name, { validate: rules[name] }));
  // Before paint, so the form never shows a frame driven by neither host.
  useLayoutEffect(() => onBinding({ register: bind, errors, onSubmit: submit }));
  return null;
}

export default memo(LoginLive);
