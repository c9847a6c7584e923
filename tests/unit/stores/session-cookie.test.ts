// The token cookie: saveToken and clearSession write it Secure and SameSite=Strict on
// the real site, without Secure only on the http://localhost demo.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestStorageEngine } from '@nanostores/persistent';

beforeAll(() => {
  useTestStorageEngine();
});
const session = await import('~/stores/session');

function browser(url: string): string[] {
  const written: string[] = [];
  const { protocol, hostname } = new URL(url);
  vi.stubGlobal('location', { protocol, hostname });
  vi.stubGlobal('document', {
    set cookie(value: string) {
      written.push(value);
    },
  });
  return written;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the customer token cookie', () => {
  it('is Secure and SameSite=Strict over https, when saved and when cleared', () => {
    const written = browser('https://www.rentalp.example/checkout');
    session.saveToken('tok-123');
    session.clearSession();
    const token = written.filter((c) => c.startsWith(`${session.TOKEN_KEY}=`));
    expect(token).toEqual([
      `${session.TOKEN_KEY}=Bearer%20tok-123; path=/; SameSite=Strict; Secure`,
      `${session.TOKEN_KEY}=; max-age=0; path=/; SameSite=Strict; Secure`,
    ]);
    for (const cookie of written) expect(cookie).toMatch(/; SameSite=Strict; Secure$/);
  });

  it('leaves out Secure only on the http://localhost demo', () => {
    const written = browser('http://localhost:4321/');
    session.saveToken('tok-456');
    expect(written[0]).toBe(`${session.TOKEN_KEY}=Bearer%20tok-456; path=/; SameSite=Strict`);
    const lan = browser('http://192.168.1.20:4321/');
    session.saveToken('tok-789');
    expect(lan[0]).toMatch(/; Secure$/);
  });
});
