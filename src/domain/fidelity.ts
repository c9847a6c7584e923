// Fidelity (loyalty) card numbers. New cards get a random number with a Luhn check
// digit, so a number is not guessable (15 random digits: 10^15 to try, against a rate-limited
// lookup) and a mistyped digit or swapped pair is caught by the browser before any request. The
// cards issued before this rule (`FID-0001`, the demo's) keep working as they are.

/** Digits of a new card number, check digit included. */
export const FIDELITY_CARD_DIGITS = 16;

/** The number format of the cards issued before random numbers (e.g. FID-0001). */
const LEGACY_CARD = /^FID-\d{4}$/;
const NEW_CARD = new RegExp(`^\\d{${FIDELITY_CARD_DIGITS}}$`);

/** Luhn (ISO/IEC 7812) check digit of a string of digits, the check digit not included. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  // From the right, every second digit (starting with the one next to the check digit) is doubled.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether a string of digits ends with its right Luhn check digit. */
export function hasValidLuhn(number: string): boolean {
  if (!/^\d{2,}$/.test(number)) return false;
  return luhnCheckDigit(number.slice(0, -1)) === Number(number.at(-1));
}

/** A card number as typed (spaces and dashes between digit groups allowed), in its stored form. */
export function normalizeFidelityCardNumber(input: string): string {
  const trimmed = input.trim().toUpperCase();
  if (LEGACY_CARD.test(trimmed)) return trimmed;
  const digits = trimmed.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? digits : trimmed;
}

/** Whether `input` can be a card number: a legacy one, or 16 digits with the right check digit. */
export function isPlausibleFidelityCardNumber(input: string): boolean {
  const number = normalizeFidelityCardNumber(input);
  return LEGACY_CARD.test(number) || (NEW_CARD.test(number) && hasValidLuhn(number));
}

/**
 * A new card number from `FIDELITY_CARD_DIGITS - 1` random digits (the caller draws them from a
 * cryptographic source), with the check digit appended.
 */
export function fidelityCardNumberFrom(randomDigits: string): string {
  if (!new RegExp(`^\\d{${FIDELITY_CARD_DIGITS - 1}}$`).test(randomDigits)) {
    throw new RangeError(`expected ${FIDELITY_CARD_DIGITS - 1} digits`);
  }
  return `${randomDigits}${luhnCheckDigit(randomDigits)}`;
}

/** Characters of a card number left readable when it is shown on a screen. */
export const SHOWN_CARD_DIGITS = 4;

/**
 * A card number as a screen shows it: only its last SHOWN_CARD_DIGITS characters readable
 * ("•••• 4242"), so a glance at the account page or the cash desk does not give the number away.
 */
export function maskFidelityCardNumber(number: string): string {
  const compact = number.replace(/[\s-]/g, '');
  if (compact.length <= SHOWN_CARD_DIGITS) return compact;
  return `•••• ${compact.slice(-SHOWN_CARD_DIGITS)}`;
}
