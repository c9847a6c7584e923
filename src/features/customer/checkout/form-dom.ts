// What the checkout's two hosts (Checkout.tsx before the customer uses the form, CheckoutLive.tsx
// after) read from and write to the form's elements: its inputs are uncontrolled, so until
// react-hook-form takes them over their values live in the DOM alone.
import type { CheckoutValues } from './stores/send-order';

export type ContactField = keyof CheckoutValues;
type TextField = Exclude<ContactField, 'invoice' | 'terms'>;

/** The contact fields written as text (every one but the invoice checkbox). */
export const TEXT_FIELDS: readonly TextField[] = ['first_name', 'last_name', 'phone', 'email', 'fiscal_code'];

/** What a customer's session may fill in (the fiscal code is the cart's alone). */
interface ContactSource {
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  username?: string | null;
}

/** Brings an element into view and focuses it (a field, the error list, the confirmation). */
export function reveal(el: HTMLElement | null | undefined): void {
  if (!el) return;
  el.scrollIntoView({ block: 'center' });
  el.focus({ preventScroll: true });
}

function inputNamed(form: HTMLFormElement, name: string): HTMLInputElement | null {
  const el = form.elements.namedItem(name);
  return el instanceof HTMLInputElement ? el : null;
}

/**
 * The form's contact values as its elements hold them now; a field not on the page (the fiscal
 * code while no invoice is asked) keeps its value in `fallback`.
 */
export function readContact(form: HTMLFormElement | null, fallback: CheckoutValues): CheckoutValues {
  const values = { ...fallback };
  if (!form) return values;
  for (const name of TEXT_FIELDS) {
    const el = inputNamed(form, name);
    if (el) values[name] = el.value;
  }
  for (const name of ['invoice', 'terms'] as const) {
    const box = inputNamed(form, name);
    if (box) values[name] = box.checked;
  }
  return values;
}

/** The session's value for each contact field it knows of. */
export function sessionContact(user: ContactSource): Partial<Record<TextField, string>> {
  return { first_name: user.first_name ?? '', last_name: user.last_name ?? '', phone: user.phone ?? '', email: user.username ?? '' };
}

/** Fills the still empty fields with the session's details (they arrive after the first paint). */
export function fillEmptyFields(form: HTMLFormElement | null, user: ContactSource): void {
  if (!form) return;
  for (const [name, value] of Object.entries(sessionContact(user))) {
    const el = inputNamed(form, name);
    if (el && !el.value && value) el.value = value;
  }
}
