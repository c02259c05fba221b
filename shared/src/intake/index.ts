export * from './types.js';
export * from './options.js';
export * from './content.js';
export * from './dob.js';
export * from './bmi.js';
export * from './engine.js';
export * from './review.js';
export * from './patient-types.js';
export * from './follow-up-visit.js';
export * from './visit.js';
export * from './forget-document.js';
// The FHIR R4 code table and the record's clinical lists (export, printable summary).
export * from '../fhir/index.js';
