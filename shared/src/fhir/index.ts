export * from './codes.js';
export * from './record-lists.js';
export * from './ips-print.js';
