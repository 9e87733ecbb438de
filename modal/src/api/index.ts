export * from './http.js';
export * from './blockchain.js';
export * from './convert.js';
export * from './history.js';
export * from './onramp.js';
export * from './directory.js';
export * from './analytics.js';
export type * from './types.js';
