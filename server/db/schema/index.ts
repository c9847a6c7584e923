export * from './meta';
export * from './catalogue';
export * from './accounts';
export * from './orders';
export * from './content';
export * from './kiosk';
export * from './payments';
export * from './idempotency';
