// The forms' state without a form library: react-hook-form's shared chunk was 12.7 KB
// gzip on the checkout, most of it machinery our forms never use. This covers exactly what they do,
// with react-hook-form's names and default timing, framework-free (use-form.ts is the React hook):
// - uncontrolled inputs registered by ref, one value per name (no dot paths, no field arrays);
// - validation by a resolver over all values (the contract's zod schema, zod-resolver.ts) or by each
//   field's `validate` rule (mounted fields only, as react-hook-form does), on submit; after the
//   first submit, a changed field is validated again (mode onSubmit, reValidateMode onChange);
// - an invalid submit focuses the first field in error, in registration order;
// - errors per field and 'root', submit and dirty state, for useSyncExternalStore.

/** A form's values: a plain object, one entry per field name. */
export type FieldValues = object;
export type Path<F> = Extract<keyof F, string>;
export interface FieldError {
  type?: string;
  message?: string;
}
export type FieldErrors<F> = Partial<Record<Path<F> | 'root', FieldError>>;
/** Errors of all values, none when they are valid. */
export type Resolver<F> = (values: F) => FieldErrors<F>;
/** A field's own rule: true, or the message to show. */
type Validate = (value: unknown, values: FieldValues) => true | string;

/** What the controller reads and writes of an input, select or textarea (a test passes plain objects). */
export interface FieldElement {
  type?: string;
  value: string;
  checked?: boolean;
  focus?: () => void;
}

export interface FormState<F> {
  errors: FieldErrors<F>;
  isSubmitting: boolean;
  isSubmitted: boolean;
  submitCount: number;
  /** Some value differs from its default (a field without one: from its value when it registered). */
  isDirty: boolean;
}

export interface UseFormRegisterReturn {
  name: string;
  /** Attaches an element (React 19 calls the returned cleanup when it goes). */
  ref: (el: FieldElement | null) => (() => void) | undefined;
  onChange: (event: { target: unknown }) => void;
  onBlur: (event: { target: unknown }) => void;
}

export interface FormOptions<F> {
  defaultValues?: Partial<F>;
  resolver?: Resolver<F>;
}

interface Field {
  validate?: Validate;
  els: FieldElement[];
  registration?: UseFormRegisterReturn;
}

/** An input's value by its type: radio → the checked one's value, checkbox → checked (a group: the checked values). */
function read(els: FieldElement[]): unknown {
  const [el] = els;
  if (el?.type === 'radio') return els.find((e) => e.checked)?.value ?? null;
  if (el?.type === 'checkbox') return els.length > 1 ? els.filter((e) => e.checked).map((e) => e.value) : !!el.checked;
  return el?.value;
}

function write(els: FieldElement[], value: unknown): void {
  for (const el of els) {
    if (el.type === 'radio') el.checked = el.value === value;
    else if (el.type === 'checkbox') el.checked = Array.isArray(value) ? value.includes(el.value) : !!value;
    else el.value = value == null ? '' : String(value);
  }
}

const same = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => x === b[i]) : Object.is(a, b);

export function createFormController<F extends FieldValues>(options: FormOptions<F> = {}) {
  type Name = Path<F>;
  let resolver = options.resolver;
  let defaults: Record<string, unknown> = { ...options.defaultValues };
  let values: Record<string, unknown> = { ...defaults };
  /** Registered fields, in the order they first registered (the focus order of errors). */
  const fields = new Map<string, Field>();
  const watched = new Set<string>();
  /** Fields without a value of their own yet: their value is what their elements hold (a radio group's checked one). */
  const unset = new Set<string>();
  const listeners = new Set<() => void>();
  let state: FormState<F> = { errors: {}, isSubmitting: false, isSubmitted: false, submitCount: 0, isDirty: false };
  let submitting = false;

  const update = (patch: Partial<FormState<F>>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  const field = (name: string): Field => {
    let f = fields.get(name);
    if (!f) fields.set(name, (f = { els: [] }));
    return f;
  };
  const dirty = () => Object.keys({ ...defaults, ...values }).some((k) => !same(values[k], defaults[k]));

  /** One field's own rule; unmounted fields are not validated (react-hook-form's rule too). */
  const ruleError = (name: string, f: Field | undefined): FieldError | undefined => {
    const result = f?.els.length && f.validate ? f.validate(values[name], values) : true;
    return result === true ? undefined : { type: 'validate', message: result };
  };
  const validateAll = (): FieldErrors<F> => {
    if (resolver) return resolver({ ...values } as F);
    const errors: Record<string, FieldError> = {};
    for (const [name, f] of fields) {
      const error = ruleError(name, f);
      if (error) errors[name] = error;
    }
    return errors as FieldErrors<F>;
  };

  /** A value changed: dirty state, re-validation after the first submit, watchers. */
  const changed = (name: Name, revalidate: boolean) => {
    const patch: Partial<FormState<F>> = {};
    const isDirty = dirty();
    if (isDirty !== state.isDirty) patch.isDirty = isDirty;
    const old = state.errors[name];
    const error = revalidate ? (resolver ? validateAll()[name] : ruleError(name, fields.get(name))) : old;
    if (error?.message !== old?.message || error?.type !== old?.type) {
      const errors: FieldErrors<F> = { ...state.errors };
      delete errors[name];
      patch.errors = error ? { ...errors, [name]: error } : errors;
    }
    if (Object.keys(patch).length || watched.has(name)) update(patch);
  };

  const focus = (name: string) => fields.get(name)?.els[0]?.focus?.();

  const controller = {
    /** Same shape as react-hook-form's: spread on the input (`{...register('email', { validate })}`). */
    register(name: Name, rules: { validate?: Validate } = {}): UseFormRegisterReturn {
      const f = field(name);
      f.validate = rules.validate;
      const fromEvent = (event: { target: unknown }) => {
        unset.delete(name);
        values[name] = read(f.els.length ? f.els : [event.target as FieldElement]);
      };
      f.registration ??= {
        name,
        // Stable per name, so React attaches an element once, not on every render.
        ref: (el) => {
          if (!el) return undefined;
          if (!f.els.includes(el)) {
            f.els.push(el);
            // A value kept from before (a default, or typed before the field unmounted) goes back
            // in; a field without one starts from what its elements hold.
            if (values[name] === undefined || unset.has(name)) {
              unset.add(name);
              defaults[name] = values[name] = read(f.els);
            } else write([el], values[name]);
          }
          return () => {
            f.els = f.els.filter((e) => e !== el);
          };
        },
        onChange: (event) => {
          fromEvent(event);
          changed(name, state.isSubmitted);
        },
        onBlur: fromEvent,
      };
      return f.registration;
    },

    /** onSubmit handler: validates, focuses the first error or calls onValid once (not again while it runs). */
    handleSubmit(onValid: (values: F) => unknown) {
      return async (event?: { preventDefault?: () => void }) => {
        event?.preventDefault?.();
        if (submitting) return;
        for (const [name, f] of fields) if (f.els.length) values[name] = read(f.els);
        const errors = validateAll();
        const done = { isSubmitted: true, submitCount: state.submitCount + 1 };
        const invalid = Object.keys(errors) as Name[];
        if (invalid.length) {
          update({ ...done, errors });
          const first = [...fields.keys()].find((name) => invalid.includes(name as Name) && fields.get(name)!.els.length);
          if (first) focus(first);
          return;
        }
        submitting = true;
        update({ errors: {}, isSubmitting: true });
        try {
          await onValid({ ...values } as F);
        } finally {
          submitting = false;
          update({ ...done, isSubmitting: false });
        }
      };
    },

    setError(name: Name | 'root', error: FieldError, opts: { shouldFocus?: boolean } = {}) {
      update({ errors: { ...state.errors, [name]: error } });
      if (opts.shouldFocus) focus(name);
    },

    setFocus(name: Name) {
      focus(name);
    },

    /** New defaults (or the current ones again) written to the fields; errors and submit state cleared. */
    reset(next?: Partial<F>) {
      if (next) defaults = { ...next };
      values = { ...defaults };
      unset.clear();
      for (const [name, f] of fields) {
        if (!f.els.length) continue;
        write(f.els, values[name]);
        values[name] = read(f.els);
        defaults[name] ??= values[name];
      }
      update({ errors: {}, isSubmitted: false, submitCount: 0, isDirty: dirty() });
    },

    getValues: ((name?: Name) => (name === undefined ? { ...values } : values[name])) as {
      (): F;
      <N extends Name>(name: N): F[N];
    },

    setValue<N extends Name>(name: N, value: F[N], opts: { shouldValidate?: boolean } = {}) {
      unset.delete(name);
      values[name] = value;
      write(fields.get(name)?.els ?? [], value);
      changed(name, !!opts.shouldValidate);
    },

    /** The field's value; a change to it re-renders the form (subscribe). */
    watch<N extends Name>(name: N): F[N] {
      watched.add(name);
      return values[name] as F[N];
    },

    get formState(): FormState<F> {
      return state;
    },

    /** For useSyncExternalStore (also the form's own options, given again on each render). */
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => state,
    setResolver(next: Resolver<F> | undefined) {
      resolver = next;
    },
  };
  return controller;
}

export type FormController<F extends FieldValues> = ReturnType<typeof createFormController<F>>;
