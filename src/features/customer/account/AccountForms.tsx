// Signup and password reset (code by email, then a new password), honouring `returnUrl` when it
// is an internal path. A visitor already logged in has nothing to do here and goes home.
import { useEffect, useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { $token } from '~/stores/session';
import { checkResetCode, resetPassword, sendResetCode, signUp } from './stores/account';
import { fieldMessages } from '~/api/errors';
import { notify } from '~/stores/notifications';
import { safeRedirect } from '~/domain/redirects';
import { email, equal, minLength, required, toFormValidate } from '~/domain/validators';
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';
import '~/components/ui/controls.css';

function useGuestOnly(locale: string) {
  useEffect(() => {
    if ($token.get()) location.replace(localizePath(toLocale(locale), '/'));
  }, [locale]);
}

function goBack(locale: string) {
  const target = new URLSearchParams(location.search).get('returnUrl');
  location.assign(safeRedirect(target, localizePath(toLocale(locale), '/')));
}

/** Puts the API's 422 field errors under the matching fields. */
function showServerErrors<F extends FieldValues>(form: UseFormReturn<F>, err: unknown) {
  for (const [field, message] of fieldMessages(err) ?? []) form.setError(field as Path<F>, { message });
}

function Field<F extends FieldValues>(props: { form: UseFormReturn<F>; name: Path<F>; label: string; type?: string; autoComplete?: string; validate?: (v: unknown) => true | string }) {
  const error = props.form.formState.errors[props.name]?.message as string | undefined;
  const id = `account-${props.name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input id={id} type={props.type ?? 'text'} autoComplete={props.autoComplete} aria-invalid={!!error} aria-describedby={`${id}-error`} {...props.form.register(props.name, { validate: props.validate })} />
      <p id={`${id}-error`} className="field__error">{error}</p>
    </div>
  );
}

interface SignupFields {
  first_name: string;
  last_name: string;
  username: string;
  password: string;
  password_confirmation: string;
  phone: string;
  fidelity_card_number: string;
}

export function SignupForm({ locale }: { locale: string }) {
  const t = useT(locale);
  useGuestOnly(locale);
  const form = useForm<SignupFields>();
  const v = (rules: Parameters<typeof toFormValidate>[0]) => toFormValidate(rules, t);
  const submit = form.handleSubmit(async (values) => {
    try {
      await signUp(values);
      notify(t('account.signedUp', { name: values.first_name }), 'success');
      goBack(locale);
    } catch (err) {
      showServerErrors(form, err);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="account-form">
      <Field form={form} name="first_name" label={t('account.first_name')} autoComplete="given-name" validate={v([required])} />
      <Field form={form} name="last_name" label={t('account.last_name')} autoComplete="family-name" validate={v([required])} />
      <Field form={form} name="username" label={t('account.username')} type="email" autoComplete="email" validate={v([required, email])} />
      <Field form={form} name="password" label={t('account.password')} type="password" autoComplete="new-password" validate={v([required, minLength(8)])} />
      <Field
        form={form}
        name="password_confirmation"
        label={t('account.password_confirmation')}
        type="password"
        autoComplete="new-password"
        validate={(value) => v([required, equal(form.getValues('password'), 'validators.passwordMismatch')])(value)}
      />
      <Field form={form} name="phone" label={t('account.phone')} type="tel" autoComplete="tel" />
      <Field form={form} name="fidelity_card_number" label={t('account.fidelity_card_number')} />
      <button type="submit" className="button" disabled={form.formState.isSubmitting}>
        {t('account.signup')}
      </button>
    </form>
  );
}

interface ResetFields {
  username: string;
  code: string;
  password: string;
  password_confirmation: string;
}

/** A reset's steps (spec §7): the address, then the code (checked alone), then the new password. */
type ResetStep = 'email' | 'code' | 'password';

export function ResetForm({ locale }: { locale: string }) {
  const t = useT(locale);
  useGuestOnly(locale);
  const form = useForm<ResetFields>();
  const [step, setStep] = useState<ResetStep>('email');
  const v = (rules: Parameters<typeof toFormValidate>[0]) => toFormValidate(rules, t);
  useEffect(() => {
    if (step === 'password') form.setFocus('password');
  }, [step, form]);
  const submit = form.handleSubmit(async (values) => {
    try {
      if (step === 'email') {
        await sendResetCode(values.username);
        setStep('code');
        return;
      }
      if (step === 'code') {
        const outcome = await checkResetCode(values.username, values.code);
        if (outcome.kind === 'valid') setStep('password');
        else for (const [field, message] of outcome.errors) form.setError(field as Path<ResetFields>, { message }, { shouldFocus: true });
        return;
      }
      await resetPassword(values);
      notify(t('account.passwordChanged'), 'success');
      goBack(locale);
    } catch (err) {
      showServerErrors(form, err);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="account-form">
      <Field form={form} name="username" label={t('account.username')} type="email" autoComplete="email" validate={v([required, email])} />
      {step !== 'email' && (
        <>
          <p role="status">{t('account.codeSent')}</p>
          <Field form={form} name="code" label={t('account.code')} autoComplete="one-time-code" validate={v([required])} />
        </>
      )}
      {step === 'password' && (
        <>
          <Field form={form} name="password" label={t('account.newPassword')} type="password" autoComplete="new-password" validate={v([required, minLength(8)])} />
          <Field
            form={form}
            name="password_confirmation"
            label={t('account.password_confirmation')}
            type="password"
            autoComplete="new-password"
            validate={(value) => v([required, equal(form.getValues('password'), 'validators.passwordMismatch')])(value)}
          />
        </>
      )}
      <button type="submit" className="button" disabled={form.formState.isSubmitting}>
        {t(RESET_SUBMIT[step])}
      </button>
    </form>
  );
}

const RESET_SUBMIT: Record<ResetStep, string> = { email: 'account.sendCode', code: 'account.checkCode', password: 'account.resetSubmit' };
