export * from './codes.js';
export * from './record-lists.js';
