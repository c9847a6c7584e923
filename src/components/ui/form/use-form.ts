// useForm over the in-house controller (form-controller.ts), with react-hook-form's names and call
// shapes. The returned object is the same on every render, like react-hook-form's, so it can be an
// effect's dependency; `formState` reads the current state and the component re-renders on each
// change (useSyncExternalStore).
import { useState, useSyncExternalStore } from 'react';
import { createFormController, type FieldValues, type FormController, type FormOptions } from './form-controller';

export type { FieldValues, Path, UseFormRegisterReturn } from './form-controller';
export type UseFormReturn<F extends FieldValues> = FormController<F>;

/** The options of the first render make the form (defaultValues); the resolver is taken on every render. */
export function useForm<F extends FieldValues>(options: FormOptions<F> = {}): UseFormReturn<F> {
  const [form] = useState(() => createFormController<F>(options));
  form.setResolver(options.resolver);
  useSyncExternalStore(form.subscribe, form.getSnapshot, form.getSnapshot);
  return form;
}
