// The booking API contract, shared by the storefront's client and the reference server.
//
// Envelope: every successful response is `{ data: … }` (login: `data.token`; `v2/sites`: `data`
// is the list of sites; a shop: `data.shop`, `data.categories`, `data.products`), optionally with
// a translated `message`. One exception, kept from the spec: availabilities answer
// `{ availabilities: { [productId]: count } }` at the top level.
// Errors: `{ message }`, and for 422 `{ message, errors: { field: [messages] } }` where fields use
// dot paths (`cart.0.customer.height`, `coupon_codes.1`). Messages follow the request's
// Content-Language (it_IT, fr_FR, en_GB; Italian by default). Statuses: 401 missing, invalid or
// expired token on a protected path; 403 not allowed; 404 unknown id, slug or an order the caller
// may not see; 410 an order that can no longer change; 413 body too large; 422 invalid input;
// 429 rate-limited. Bad input never yields a 5xx.
export * from './auth';
export * from './availability';
export * from './booking-query';
export * from './booking-requests';
export * from './cart';
export * from './catalogue';
export * from './coupons';
export * from './delivery';
export * from './fidelity';
export * from './fields';
export * from './gpx';
export * from './health';
export * from './inventory';
export * from './kiosk';
export * from './order-form';
export * from './orders';
export * from './pathways';
export * from './people';
export * from './payments';
export * from './pos';
export * from './realtime';
export * from './staff';
export * from './user';
