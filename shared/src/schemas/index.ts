/**
 * `@medora/shared/schemas`: the zod schemas of the contracts, one import for the
 * API and for any frontend form that validates with them. Kept out of the main entry so pages that do
 * not validate anything (the landing page) never download zod.
 */
// First: how zod parses in a browser, before any schema is used.
import './jitless.js';
export * from './roles.js';
export * from './users.js';
export * from '../errors.js';
export * from '../runtime-config.js';
export * from './appointments.js';
export * from './intake.js';
export * from './audit.js';
export * from './access-reason.js';
export * from './doctors.js';
export * from './responses.js';
export * from './doctor-search.js';
// Dead letters of the mail queue.
export * from './mail-jobs.js';
// The unsubscribe link and the local mailbox.
export * from './mail.js';
export * from './page-limit.js';
export * from './query-string.js';
// My medicines.
export * from './medications.js';
// The FHIR export's format.
export * from './fhir.js';
