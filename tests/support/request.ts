// The fetch options of a test request, as the browser's client sends them: shared by the in-process
// TestApi (tests/support/app.ts) and the API processes reached over HTTP (tests/support/cluster.ts),
// kept apart from app.ts so a caller of cluster.ts (the benchmark) does not load the server.

/** A test request's options: fetch's, plus a bearer token, a Content-Language and a JSON body. */
export type TestRequestInit = RequestInit & { token?: string; lang?: string; json?: unknown };

export function requestInit(init: TestRequestInit = {}): RequestInit {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.lang) headers.set('content-language', init.lang);
  headers.set('accept', 'application/json');
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  return { ...init, headers, body };
}
