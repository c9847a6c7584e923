// Kiosk pairing codes: staff read a new code on an admin kiosk and type it on the
// device's touch keyboard, once. The rules here are shared by the server (which makes and checks
// codes) and the tests.

/**
 * Capital letters and digits without look-alikes (0/O, 1/I/L; U, which reads as V on some
 * keyboards' fonts): 30 symbols, all on a touch keyboard's first two layers.
 */
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
/** 12 symbols of 30: about 59 bits, far past guessing at the pairing rate limit (20 wrong per 15 min). */
export const PAIRING_CODE_LENGTH = 12;
/** Shown in groups of 4 ("ABCD-EFGH-JKMN") so staff can read and type it without losing their place. */
export const PAIRING_CODE_GROUP = 4;
const GROUP_SEPARATOR = '-';

/** What staff type: case, spaces and the group dashes do not matter. */
export function normalizePairingCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]+/g, '');
}

/** `randomIndex(n)` gives a uniform integer in [0, n): the server passes crypto.randomInt. */
export function makePairingCode(randomIndex: (n: number) => number): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++) code += PAIRING_CODE_ALPHABET[randomIndex(PAIRING_CODE_ALPHABET.length)];
  return formatPairingCode(code);
}

export function formatPairingCode(code: string): string {
  const plain = normalizePairingCode(code);
  const groups: string[] = [];
  for (let i = 0; i < plain.length; i += PAIRING_CODE_GROUP) groups.push(plain.slice(i, i + PAIRING_CODE_GROUP));
  return groups.join(GROUP_SEPARATOR);
}
