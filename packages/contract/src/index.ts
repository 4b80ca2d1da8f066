// The package's public entry: the HTTP contract shared by the API and the web app.
export * from './common.js';
export * from './money.js';
export * from './products.js';
