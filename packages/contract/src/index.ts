// The package's public entry: the HTTP contract shared by the API and the web app.
export * from './common.js';
export * from './money.js';
export * from './products.js';
export * from './product-writes.js';
export * from './auth.js';
export * from './oidc.js';
export * from './users.js';
export * from './checkout-common.js';
export * from './cart.js';
export * from './orders.js';
export * from './shop.js';
