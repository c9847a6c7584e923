import { describe, expect, it } from 'vitest';
import { secureCookies, tokenCookie } from './cookies';

describe('the token cookie', () => {
  it('is Secure and SameSite=Strict on https, and on plain http anywhere but loopback', () => {
    const site = { protocol: 'https:', hostname: 'www.rentalp.example' };
    expect(tokenCookie('auth._token.local', 'Bearer abc def', site)).toBe(
      'auth._token.local=Bearer%20abc%20def; path=/; SameSite=Strict; Secure',
    );
    expect(tokenCookie('auth._token.local', null, site)).toBe('auth._token.local=; max-age=0; path=/; SameSite=Strict; Secure');
    expect(secureCookies({ protocol: 'http:', hostname: 'shop.example' })).toBe(true);
    expect(secureCookies({ protocol: 'https:', hostname: 'localhost' })).toBe(true);
  });

  it('drops Secure only for the demo on http://localhost and the loopback addresses', () => {
    for (const hostname of ['localhost', '127.0.0.1', '[::1]']) {
      expect(secureCookies({ protocol: 'http:', hostname })).toBe(false);
      expect(tokenCookie('t', 'x', { protocol: 'http:', hostname })).toBe('t=x; path=/; SameSite=Strict');
    }
  });
});
