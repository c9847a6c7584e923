// The API's 422 field errors under the matching fields of a react-hook-form form (spec §8), the
// first one focused; answers false when the error was not a 422 (the caller's notice then).
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isUnprocessable } from '~/api/errors';

export function showFieldErrors<F extends FieldValues>(form: UseFormReturn<F>, err: unknown, fields: readonly string[]): boolean {
  if (!isUnprocessable(err)) return false;
  let first = true;
  for (const [field, messages] of Object.entries(err.errors)) {
    const target = (fields.includes(field) ? field : 'root') as Path<F>;
    form.setError(target, { message: messages[0] }, { shouldFocus: first && target !== 'root' });
    first = false;
  }
  return true;
}
