// The reset's code step (src/features/customer/account/stores/account.ts checkResetCode, spec §7
// POST reset_password_code) against the real API: the app's client over a fetch that reaches a
// real Hono app on a fresh PGlite database, so the code is the one the server e-mailed and the
// message under `code` is the server's own.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestStorageEngine } from '@nanostores/persistent';
import { getT } from '~/i18n/server';
import { testDrivers } from '~tests/support/databases';
import { seededApi, type TestApi } from '~tests/support/app';
import { readMail, signup } from '~tests/support/orders';

const server = vi.hoisted(() => ({ api: null as TestApi | null }));

vi.mock('~/stores/api', async () => ({ api: (await import('~tests/support/fake-api-client')).testApiClient(server) }));

useTestStorageEngine();
const { checkResetCode, sendResetCode } = await import('~/features/customer/account/stores/account');
const en = getT('en');
const USERNAME = 'reset.code@example.com';

function emailedCode(): string {
  const mail = server.api!.outbox().map(readMail).filter((m) => m.to === USERNAME).at(-1)!;
  return /\b(\d{6})\b/.exec(mail.text)![1]!;
}

describe('checkResetCode', () => {
  server.api = seededApi(testDrivers[0]!);
  beforeAll(async () => {
    await signup(server.api!, USERNAME);
    await sendResetCode(USERNAME);
  }, 120_000);

  it('says a wrong code under the code field', async () => {
    const code = emailedCode();
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await checkResetCode(USERNAME, wrong)).toEqual({ kind: 'refused', errors: [['code', en('api.resetCodeInvalid')]] });
  });

  it('says a malformed code under the code field too', async () => {
    expect(await checkResetCode(USERNAME, '12ab')).toEqual({ kind: 'refused', errors: [['code', en('validators.resetCode')]] });
  });

  it('answers valid for the e-mailed code, which stays usable for the reset', async () => {
    const code = emailedCode();
    expect(await checkResetCode(USERNAME, code)).toEqual({ kind: 'valid' });
    expect(await checkResetCode(USERNAME, code)).toEqual({ kind: 'valid' });
  });
});
