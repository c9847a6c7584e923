// How a token is presented to the API (spec §7, §9): `Authorization: Bearer <token>`.

export const AUTH_TOKEN_TYPE = 'Bearer';
