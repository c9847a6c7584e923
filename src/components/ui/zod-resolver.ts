// Form validation by the contract's zod schema: the browser refuses what the API would refuse, with
// the same message keys (validators.*) translated here. The form keeps its raw values; the caller
// builds the request body from them.
// Ours, not @hookform/resolvers' zodResolver: that one hands react-hook-form each issue's message
// as it is, and our schemas' messages are validators.* keys that need the issue's bound (a length,
// a minimum) to be translated; zod's per-parse error map only fills issues without a message of
// their own, so every error would be mapped a second time after it (and it is 1.4 KB gzip more).
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
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

/** react-hook-form's resolver: the values as they are when valid, else the first issue of each field ('root' for the whole). */
export function zodResolver<F extends FieldValues>(schema: z.ZodMiniType, t: TFunction): Resolver<F> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.') || 'root';
      errors[field] ??= { type: issue.code, message: issueText(issue, t) };
    }
    return { values: {}, errors: errors as FieldErrors<F> };
  };
}
