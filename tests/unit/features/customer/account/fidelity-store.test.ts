// The account's loyalty card (src/features/customer/account/stores/fidelity.ts) against the real
// API: the app's client reaching a real Hono app on a fresh PGlite database, logged in as the demo
// customer, whose profile holds the seeded card FID-0001 (120 points).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestStorageEngine } from '@nanostores/persistent';
import { testDrivers } from '~tests/support/databases';
import { seededApi, type TestApi } from '~tests/support/app';
import { login } from '~tests/support/orders';

const server = vi.hoisted(() => ({ api: null as TestApi | null, token: null as string | null }));

vi.mock('~/stores/api', async () => ({ api: (await import('~tests/support/fake-api-client')).testApiClient(server) }));

useTestStorageEngine();
const { $ownFidelityCard, loadOwnFidelityCard } = await import('~/features/customer/account/stores/fidelity');

describe('loadOwnFidelityCard', () => {
  server.api = seededApi(testDrivers[0]!);
  beforeAll(async () => {
    server.token = await login(server.api!);
  }, 120_000);

  it("shows the profile's card with its holder and points", async () => {
    await loadOwnFidelityCard('FID-0001');
    expect($ownFidelityCard.get()).toEqual({
      state: 'ready',
      card: { number: 'FID-0001', holder_name: 'Mario Rossi', points: 120, discount: 0.1, active: true },
    });
  });

  it('a number that is no card of this account is said as such', async () => {
    expect(await loadOwnFidelityCard('FID-9999')).toEqual({ state: 'unknown' });
    expect($ownFidelityCard.get()).toEqual({ state: 'unknown' });
  });

  it('no number on the profile: no card, no request', async () => {
    expect(await loadOwnFidelityCard(null)).toEqual({ state: 'none' });
    expect(await loadOwnFidelityCard('  ')).toEqual({ state: 'none' });
  });

  it('the answer of a number the profile no longer has is dropped', async () => {
    const late = loadOwnFidelityCard('FID-0001');
    await loadOwnFidelityCard(null);
    expect(await late).toMatchObject({ state: 'ready' });
    expect($ownFidelityCard.get()).toEqual({ state: 'none' });
  });
});
