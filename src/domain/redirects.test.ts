import { describe, expect, it } from 'vitest';
import { isSafeRedirect, safeRedirect } from './redirects';

describe('isSafeRedirect accepts internal paths', () => {
  it.each([
    '/',
    '/orders',
    '/orders/3f2a-11ee-b962_0242ac120002',
    '/prenota/noleggio-sestriere/order',
    '/en/prenota/12/calendar',
    '/user/~me/@home',
    '/noleggi/mondov%C3%AC', // encoded non-ASCII letter
    '/orders?page=2',
    '/orders?page=2&sort=-date',
    '/search?q=a%20b&from=2026-12-24',
    '/orders#top',
    '/orders?x=1#section-2',
    '/path/',
    '/path//double', // not at the start: still on this site
    // Spec §5 allows `%`: an encoded space is a path on this site (a decoded space cannot leave it).
    '/my%20orders',
    '/noleggi/san%20sicario?from=2026-12-24#top',
    '/%20',
    '/%20/orders',
  ])('%s', (target) => {
    expect(isSafeRedirect(target)).toBe(true);
  });
});

describe('isSafeRedirect refuses attacks and malformed targets', () => {
  it.each<[string, unknown]>([
    ['empty', ''],
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with path', '//evil.com/orders'],
    ['triple slash', '///evil.com'],
    ['encoded dot segments resolving to //', '/%2e%2e//evil%2ecom'],
    ['encoded dot segment, upper case', '/%2E%2E//2130706433'],
    ['encoded single dot segment', '/%2e//evil.com'],
    ['slash backslash', '/\\evil.com'],
    ['backslash slash', '\\/evil.com'],
    ['backslash anywhere', '/orders\\x'],
    ['double backslash', '\\\\evil.com'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['javascript after slash-less', 'JaVaScRiPt:alert(1)'],
    ['http scheme', 'http://evil.com'],
    ['https scheme', 'https://evil.com/orders'],
    ['data scheme', 'data:text/html,<script>alert(1)</script>'],
    ['relative path', 'orders'],
    ['dot path', '/../admin'],
    ['encoded double slash', '/%2F%2Fevil.com'],
    ['encoded lower-case', '/%2f/evil'],
    ['encoded slash after slash', '/%2Fevil.com'],
    ['encoded backslash', '/%5Cevil.com'],
    ['encoded backslash lower-case', '/%5cevil'],
    ['encoded backslash later', '/orders/%5C'],
    ['double-encoded slashes', '/%252F%252Fevil.com'],
    ['double-encoded backslash', '/%255Cevil.com'],
    ['malformed escape', '/%E0%A4%A'],
    ['encoded newline', '/orders%0A'],
    ['encoded tab before slash', '/%09/evil.com'],
    ['tab', '/\t/evil.com'],
    ['encoded tab', '/orders%09'],
    ['encoded carriage return', '/orders%0D'],
    ['encoded vertical tab', '/a%0Bb'],
    ['encoded DEL', '/orders%7F'],
    ['encoded C1 control (NEL)', '/orders%C2%85'],
    ['encoded line separator', '/orders%E2%80%A8'],
    ['double-encoded tab', '/orders%2509'],
    ['newline', '/\n/evil.com'],
    ['leading space', ' /orders'],
    ['space in path', '/my orders'],
    ['null byte', '/orders\u0000'],
    ['backslash in query', '/orders?next=\\\\evil.com'],
    ['space in query', '/orders?q=a b'],
    ['script in fragment', '/orders#<script>'],
    ['at-host trick', '@evil.com'],
    ['non-ASCII path', '/mondovì'],
    ['deeply nested encoding', '/%25252525252F%25252525252Fevil'],
    ['number', 42],
    ['null', null],
    ['undefined', undefined],
    ['object', { toString: () => '/orders' }],
  ])('%s', (_name, target) => {
    expect(isSafeRedirect(target)).toBe(false);
  });
});

describe('safeRedirect', () => {
  it.each<[unknown, string | undefined, string]>([
    ['/orders', undefined, '/orders'],
    ['//evil.com', undefined, '/'],
    [null, '/en/', '/en/'],
  ])('%j (fallback %j) → %s', (target, fallback, expected) => {
    expect(safeRedirect(target, fallback)).toBe(expected);
  });
});
