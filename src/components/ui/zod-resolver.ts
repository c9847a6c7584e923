// Form validation by the contract's zod schema: the browser refuses what the
// API would refuse, with the same message keys (validators.*) translated here. The form keeps its
// raw values; the caller builds the request body from them.
import type { FieldError, FieldErrors, Resolver } from './form/form-controller';
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

/** The resolver of a form (form/form-controller.ts): the first issue of each field, 'root' for the whole. */
export function zodResolver<F>(schema: z.ZodMiniType, t: TFunction): Resolver<F> {
  return (values) => {
    const result = schema.safeParse(values);
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error?.issues ?? []) {
      const field = issue.path.map(String).join('.') || 'root';
      errors[field] ??= { type: issue.code, message: issueText(issue, t) };
    }
    return errors as FieldErrors<F>;
  };
}
