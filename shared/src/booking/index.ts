export * from './types.js';
export * from './time-zone.js';
export * from './dates.js';
export * from './doctors.js';
export * from './demo-doctors.js';
export * from './appointment-rules.js';
export * from './doctor-day.js';
export * from './doctor-search.js';
