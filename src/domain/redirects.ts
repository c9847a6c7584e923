// Where login/signup may send the user back to (spec §5): internal paths only, so a crafted
// returnUrl cannot bounce the user to another site (open redirect).

// Path: '/', then letters, digits and @ - % _ ~ / only (no '.', so no '..' either).
// Query and fragment: RFC 3986 query characters; no backslash, space, quotes or angle brackets.
const SAFE_REDIRECT = /^\/[A-Za-z0-9@\-%_~/]*(\?[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*)?(#[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*)?$/;

// After decoding: a backslash, or a control character (C0, DEL, C1, the Unicode line and paragraph
// separators), which URL parsers strip or treat as a break and could turn into a way off the site.
// A space is not here: spec §5 allows `%`, so `/a%20b` is a path on this site, and a decoded space
// cannot change the origin (the literal space stays refused by SAFE_REDIRECT).
// eslint-disable-next-line no-control-regex
const UNSAFE_DECODED = /[\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

// Percent-encoding can hide '//' or '\' from the pattern; browsers and routers may decode it.
const MAX_DECODE_ROUNDS = 5;

function decodeFully(text: string): string | null {
  let current = text;
  for (let i = 0; i < MAX_DECODE_ROUNDS; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null; // malformed escapes: refuse rather than guess
    }
    if (next === current) return current;
    current = next;
  }
  return null; // still changing after several rounds: deliberately nested encoding
}

/** An internal path like /prenota/12/order?x=1#top; anything that could leave the site is refused. */
export function isSafeRedirect(target: unknown): target is string {
  if (typeof target !== 'string' || !SAFE_REDIRECT.test(target)) return false;
  const path = target.replace(/[?#].*$/, '');
  const decoded = decodeFully(path);
  if (decoded === null) return false;
  // Dot segments: URL parsers resolve `/%2e%2e//evil.com` to `//evil.com`, which leaves the site.
  const dotSegment = decoded.split('/').some((segment) => segment === '.' || segment === '..');
  return !UNSAFE_DECODED.test(decoded) && !decoded.startsWith('//') && !dotSegment;
}

/** The target when it is safe, else the fallback (home). */
export function safeRedirect(target: unknown, fallback = '/'): string {
  return isSafeRedirect(target) ? target : fallback;
}
