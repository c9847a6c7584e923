// The account page's details: first and last name, phone and loyalty card through
// PATCH v1/user, validated by the contract's schema in the browser and by the API (422 messages
// under the fields). The e-mail is the login name and is only shown.
import { useForm, type Path } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { UserUpdateRequestSchema } from '~/api/contract/auth';
import type { User } from '~/api/contract/user';
import { saveProfileDetails } from './stores/profile';
import { notify } from '~/stores/notifications';
import { zodResolver } from '~/components/ui/zod-resolver';
import { showFieldErrors } from './form-errors';

interface ProfileFields {
  first_name: string;
  last_name: string;
  phone: string;
  fidelity_card_number: string;
}
const FIELDS = ['first_name', 'last_name', 'phone', 'fidelity_card_number'] as const;
const AUTOCOMPLETE: Record<(typeof FIELDS)[number], string> = {
  first_name: 'given-name',
  last_name: 'family-name',
  phone: 'tel',
  fidelity_card_number: 'off',
};

const valuesOf = (user: User): ProfileFields => ({
  first_name: user.first_name ?? '',
  last_name: user.last_name ?? '',
  phone: user.phone ?? '',
  fidelity_card_number: user.fidelity_card_number ?? '',
});

export default function ProfileForm({ user, t }: { user: User; t: TFunction }) {
  const form = useForm<ProfileFields>({ defaultValues: valuesOf(user), resolver: zodResolver(UserUpdateRequestSchema, t) });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (v) => {
    try {
      const saved = await saveProfileDetails(v);
      form.reset(valuesOf(saved));
      notify(t('account.profile.saved'), 'success');
    } catch (err) {
      showFieldErrors(form, err, FIELDS);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="account-form" aria-labelledby="profile-details-title">
      <h2 id="profile-details-title">{t('account.profile.details')}</h2>
      <p>{t('account.profile.email', { email: user.username })}</p>
      {FIELDS.map((name) => {
        const id = `profile-${name}`;
        const error = errors[name]?.message;
        return (
          <div className="field" key={name}>
            <label htmlFor={id}>{t(`account.profile.${name}`)}</label>
            <input
              id={id}
              type={name === 'phone' ? 'tel' : 'text'}
              autoComplete={AUTOCOMPLETE[name]}
              aria-invalid={!!error}
              aria-describedby={`${id}-error`}
              {...form.register(name as Path<ProfileFields>)}
            />
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
      <button type="submit" className="button" disabled={isSubmitting}>
        {t('account.profile.save')}
      </button>
    </form>
  );
}
