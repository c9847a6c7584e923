// Errors the API answers with. Messages are i18n keys, translated into the request's language
// when the response is written, so handlers never deal with languages.
export type FieldErrors = Record<string, { key: string; params?: Record<string, unknown> }[]>;

export class ApiError extends Error {
  constructor(
    readonly status: 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 503,
    readonly key: string,
    readonly params: Record<string, unknown> = {},
    readonly fields: FieldErrors = {},
  ) {
    super(key);
  }
}

/** 422 with one error on one field (the message of the response is the field's message). */
export function fieldError(field: string, key: string, params: Record<string, unknown> = {}): ApiError {
  return new ApiError(422, key, params, { [field]: [{ key, params }] });
}

export const notFound = () => new ApiError(404, 'api.notFound');
export const unauthenticated = () => new ApiError(401, 'api.unauthenticated');
export const forbidden = () => new ApiError(403, 'api.forbidden');
