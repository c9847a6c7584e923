// The browser refuses a mistyped fidelity card number before any request: the check
// digit rule of src/domain/fidelity.ts, the same the server's numbers are built with.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestStorageEngine, cleanTestStorage } from '@nanostores/persistent';
import { fidelityCardNumberFrom } from '~/domain/fidelity';

beforeAll(() => {
  useTestStorageEngine();
});

const shopLoad = await import('~/stores/shop-load');

afterEach(() => {
  vi.unstubAllGlobals();
  cleanTestStorage();
});

describe('fidelity card lookup in the browser', () => {
  const good = fidelityCardNumberFrom('123456789012345');
  const typo = `${good.slice(0, 5)}${(Number(good[5]) + 1) % 10}${good.slice(6)}`;

  it('sends no request for a number whose check digit is wrong', async () => {
    const fetch = vi.fn(async () => Response.json({ data: { valid: true, discount: 0.1, holder_initials: 'X.' } }));
    vi.stubGlobal('fetch', fetch);
    expect(await shopLoad.loadFidelityCard(typo)).toBeNull();
    expect(await shopLoad.loadFidelityCard('12345')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('looks up a well-formed number (typed in groups) and a legacy one', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: URL) => {
      asked.push(new URL(url).searchParams.get('fidelity_card_number') ?? '');
      return Response.json({ data: { valid: true, discount: 0.1, holder_initials: 'M.R.' } });
    });
    const grouped = good.replace(/(\d{4})(?=\d)/g, '$1 ');
    expect(await shopLoad.loadFidelityCard(grouped)).toMatchObject({ number: good, valid: true });
    expect(await shopLoad.loadFidelityCard('FID-0001')).toMatchObject({ number: 'FID-0001' });
    expect(asked).toEqual([good, 'FID-0001']);
  });
});
