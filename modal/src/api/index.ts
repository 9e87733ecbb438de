export * from './http.js';
export * from './blockchain.js';
export * from './directory.js';
export * from './analytics.js';
export type * from './types.js';
export * from './validate.js';
