// react-hook-form validation by the contract's zod schema (issue #17): the browser refuses what the
// API would refuse, with the same message keys (validators.*) translated here. The form keeps its
// raw values; the caller builds the request body from them.
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { TFunction } from 'i18next';
import type * as z from 'zod/mini';

type Issue = z.core.$ZodIssue;

/** The message of an issue: its validators.* key (with the bound it names), else a generic one. */
export function issueText(issue: Issue, t: TFunction): string {
  const bound = (issue as { minimum?: unknown; maximum?: unknown }).minimum ?? (issue as { maximum?: unknown }).maximum;
  const params = bound === undefined ? {} : { length: Number(bound), min: Number(bound), max: Number(bound) };
  if (/^validators\./.test(issue.message)) return t(issue.message, params);
  return t(issue.code === 'invalid_type' ? 'validators.required' : 'validators.invalid');
}

export function zodResolver<F extends FieldValues>(schema: z.ZodMiniType, t: TFunction): Resolver<F> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.') || 'root';
      errors[field] ??= { type: issue.code, message: issueText(issue, t) };
    }
    return { values: {}, errors: errors as unknown as FieldErrors<F> };
  };
}
