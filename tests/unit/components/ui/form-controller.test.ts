// The in-house form controller (src/components/ui/form/form-controller.ts) that replaced
// react-hook-form: the subset our forms use, with its default timing, on fake elements (plain
// objects with value/checked/type/focus), no DOM needed.
import { describe, expect, it, vi } from 'vitest';
import type { TFunction } from 'i18next';
import * as z from 'zod/mini';
import { createFormController, type FieldElement } from '../../../../src/components/ui/form/form-controller';
import { zodResolver } from '../../../../src/components/ui/zod-resolver';
import { toFormValidate, required, email } from '../../../../src/domain/validators';

/** Writes the key and its params, so a test sees which message was chosen. */
const t = ((key: string, params?: Record<string, unknown>) => (params && Object.keys(params).length ? `${key} ${JSON.stringify(params)}` : key)) as TFunction;

interface Fields {
  name: string;
  email: string;
  invoice: boolean;
  level: string;
}
const schema = z.object({
  name: z.string().check(z.minLength(1, 'validators.required')),
  email: z.string().check(z.regex(/@/, 'validators.email')),
  invoice: z.boolean(),
  level: z.string(),
});
const DEFAULTS: Fields = { name: 'Ada', email: 'ada@example.com', invoice: true, level: 'beginner' };

function el(type = 'text', value = '') {
  return { type, value, checked: false as boolean, focus: vi.fn<() => void>() } satisfies FieldElement;
}

/** A form with its four fields registered on fake elements, in page order. */
function setup(defaults: Partial<Fields> = DEFAULTS, resolver = true) {
  const form = createFormController<Fields>({ defaultValues: defaults, resolver: resolver ? zodResolver<Fields>(schema, t) : undefined });
  const els = { name: el(), email: el('email'), invoice: el('checkbox'), level: el('select-one') };
  for (const name of ['name', 'email', 'invoice', 'level'] as const) form.register(name).ref(els[name]);
  /** Types into a field as a browser does: the element changes, then its change event. */
  const type = (name: keyof Fields, value: string | boolean) => {
    if (typeof value === 'boolean') els[name].checked = value;
    else els[name].value = value;
    form.register(name).onChange({ target: els[name] });
  };
  return { form, els, type };
}

const submitted = () => {
  const calls: Fields[] = [];
  return { calls, onValid: (v: Fields) => void calls.push(v) };
};

describe('form controller', () => {
  it('writes the defaults on the elements when they register, and reads each type back', () => {
    const { form, els, type } = setup();
    expect([els.name.value, els.email.value, els.invoice.checked, els.level.value]).toEqual(['Ada', 'ada@example.com', true, 'beginner']);
    type('name', 'Bea');
    type('invoice', false);
    type('level', 'expert');
    expect(form.getValues()).toEqual({ name: 'Bea', email: 'ada@example.com', invoice: false, level: 'expert' });
    expect(form.getValues('invoice')).toBe(false);
  });

  it('reads radios and checkbox groups by their checked elements, and a field without default from its element', () => {
    const form = createFormController<{ size: string | null; days: string[]; note: string }>();
    const radios = [{ type: 'radio', value: 's', checked: false }, { type: 'radio', value: 'm', checked: false }];
    const boxes = [{ type: 'checkbox', value: 'mon', checked: false }, { type: 'checkbox', value: 'tue', checked: false }];
    for (const r of radios) form.register('size').ref(r);
    for (const b of boxes) form.register('days').ref(b);
    form.register('note').ref({ type: 'textarea', value: 'typed before hydration' });
    expect(form.getValues()).toEqual({ size: null, days: [], note: 'typed before hydration' });
    radios[1]!.checked = true;
    form.register('size').onChange({ target: radios[1] });
    boxes[1]!.checked = true;
    form.register('days').onChange({ target: boxes[1] });
    expect(form.getValues()).toEqual({ size: 'm', days: ['tue'], note: 'typed before hydration' });
    form.setValue('size', 's');
    form.setValue('days', ['mon']);
    expect(radios.map((r) => r.checked)).toEqual([true, false]);
    expect(boxes.map((b) => b.checked)).toEqual([true, false]);
  });

  it('an invalid submit shows translated errors, focuses the first field in error and never calls onValid', async () => {
    const { form, els, type } = setup();
    type('name', '');
    type('email', 'nope');
    const { calls, onValid } = submitted();
    await form.handleSubmit(onValid)();
    expect(form.formState.errors).toEqual({
      name: { type: 'too_small', message: 'validators.required {"length":1,"min":1,"max":1}' },
      email: { type: 'invalid_format', message: 'validators.email' },
    });
    expect(els.name.focus).toHaveBeenCalledTimes(1);
    expect(els.email.focus).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
    expect(form.formState).toMatchObject({ isSubmitted: true, submitCount: 1, isSubmitting: false });
  });

  it("validates by each mounted field's own rule without a resolver; an unmounted field is not validated", async () => {
    const form = createFormController<{ username: string; code: string }>({ defaultValues: { username: '', code: '' } });
    const username = el('email');
    const code = el();
    form.register('username', { validate: toFormValidate([required, email], t) }).ref(username);
    const detach = form.register('code', { validate: toFormValidate([required], t) }).ref(code)!;
    detach();
    await form.handleSubmit(vi.fn())();
    expect(form.formState.errors).toEqual({ username: { type: 'validate', message: 'validators.required' } });
    expect(username.focus).toHaveBeenCalled();
  });

  it('a valid submit calls onValid once with the values; isSubmitting is true while it runs, false after', async () => {
    const { form } = setup();
    let release!: () => void;
    const seen: boolean[] = [];
    const onValid = vi.fn(async () => {
      seen.push(form.formState.isSubmitting);
      if (seen.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const submit = form.handleSubmit(onValid);
    const first = submit({ preventDefault: vi.fn() });
    // Pressed again while the first one runs: ignored.
    const second = submit();
    await second;
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid).toHaveBeenCalledWith(DEFAULTS);
    expect(seen).toEqual([true]);
    release();
    await first;
    expect(form.formState).toMatchObject({ isSubmitting: false, isSubmitted: true, submitCount: 1, errors: {} });
    await submit();
    expect(onValid).toHaveBeenCalledTimes(2);
  });

  it('isSubmitting is false again when onValid throws, and the error reaches the caller', async () => {
    const { form } = setup();
    await expect(form.handleSubmit(() => Promise.reject(new Error('down')))()).rejects.toThrow('down');
    expect(form.formState.isSubmitting).toBe(false);
  });

  it('re-validates a changed field only after the first submit', async () => {
    const { form, type } = setup();
    type('email', 'nope');
    expect(form.formState.errors).toEqual({});
    await form.handleSubmit(vi.fn())();
    expect(form.formState.errors.email?.message).toBe('validators.email');
    type('email', 'ada@example.org');
    expect(form.formState.errors.email).toBeUndefined();
    type('name', '');
    expect(form.formState.errors.name?.message).toMatch(/^validators\.required/);
  });

  it('setError on a field or root, focusing the field when asked; the next submit starts from the validation', async () => {
    const { form, els } = setup();
    form.setError('root', { message: 'server down' });
    form.setError('email', { message: 'taken' }, { shouldFocus: true });
    form.setError('name', { message: 'odd' });
    expect(form.formState.errors).toEqual({ root: { message: 'server down' }, email: { message: 'taken' }, name: { message: 'odd' } });
    expect(els.email.focus).toHaveBeenCalledTimes(1);
    expect(els.name.focus).not.toHaveBeenCalled();
    form.setFocus('level');
    expect(els.level.focus).toHaveBeenCalledTimes(1);
    await form.handleSubmit(vi.fn())();
    expect(form.formState.errors).toEqual({});
  });

  it('reset clears errors and submit state and writes the values back (new defaults when given)', async () => {
    const { form, els, type } = setup();
    type('name', '');
    await form.handleSubmit(vi.fn())();
    expect(form.formState.errors.name).toBeDefined();
    form.reset();
    expect(els.name.value).toBe('Ada');
    expect(form.formState).toMatchObject({ errors: {}, isSubmitted: false, submitCount: 0, isDirty: false });
    form.reset({ name: 'Cy', email: 'cy@example.com', invoice: false, level: '' });
    expect([els.name.value, els.invoice.checked, els.level.value]).toEqual(['Cy', false, '']);
    type('name', 'Dee');
    form.reset();
    expect(els.name.value).toBe('Cy');
    // Back to validating on submit only.
    type('email', 'nope');
    expect(form.formState.errors).toEqual({});
  });

  it('is dirty while a value differs from its default', () => {
    const { form, type } = setup();
    expect(form.formState.isDirty).toBe(false);
    type('name', 'Bea');
    expect(form.formState.isDirty).toBe(true);
    type('name', 'Ada');
    expect(form.formState.isDirty).toBe(false);
    form.setValue('invoice', false);
    expect(form.formState.isDirty).toBe(true);
  });

  it('setValue writes the element; watch notifies on changes of the watched field only', () => {
    const { form, els, type } = setup();
    const listener = vi.fn();
    form.subscribe(listener);
    expect(form.watch('invoice')).toBe(true);
    type('invoice', false);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(form.watch('invoice')).toBe(false);
    form.setValue('name', 'Eve');
    expect(els.name.value).toBe('Eve');
    expect(form.getValues('name')).toBe('Eve');
    // name is not watched; the dirty state was already true: nothing to render.
    expect(listener).toHaveBeenCalledTimes(1);
    form.setValue('invoice', true);
    expect(els.invoice.checked).toBe(true);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps a value across unmount and writes it back when the field mounts again', () => {
    const { form, type } = setup();
    type('level', 'expert');
    const again = el('select-one');
    form.register('level').ref(again);
    expect(again.value).toBe('expert');
  });

  it('types field names', () => {
    const { form } = setup();
    // @ts-expect-error a name the form does not have
    form.register('emial');
    expect(true).toBe(true);
  });
});
