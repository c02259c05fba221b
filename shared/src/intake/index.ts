export * from './types.js';
export * from './options.js';
export * from './content.js';
export * from './dob.js';
export * from './bmi.js';
export * from './engine.js';
export * from './review.js';
export * from './patient-types.js';
