import { describe, expect, it } from 'vitest';
import { formatPairingCode, makePairingCode, normalizePairingCode, PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH } from './pairing';

describe('kiosk pairing codes', () => {
  it('makes 12 symbols of an alphabet without look-alikes, grouped by 4', () => {
    let n = 0;
    const code = makePairingCode((size) => n++ % size);
    expect(code).toBe('ABCD-EFGH-JKMN');
    expect(PAIRING_CODE_LENGTH).toBeGreaterThanOrEqual(10);
    for (const ambiguous of ['0', 'O', '1', 'I', 'L']) expect(PAIRING_CODE_ALPHABET).not.toContain(ambiguous);
    expect(new Set(PAIRING_CODE_ALPHABET).size).toBe(PAIRING_CODE_ALPHABET.length);
    const last = makePairingCode((size) => size - 1);
    expect(normalizePairingCode(last)).toBe('9'.repeat(PAIRING_CODE_LENGTH));
  });

  it('ignores case, spaces and dashes as staff type them', () => {
    expect(normalizePairingCode(' abcd efgh-jkmn ')).toBe('ABCDEFGHJKMN');
    expect(normalizePairingCode('BARD-KIOSK-10')).toBe('BARDKIOSK10');
    expect(formatPairingCode('abcdefghjkmn')).toBe('ABCD-EFGH-JKMN');
  });
});
