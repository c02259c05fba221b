/**
 * `@medora/shared` as Node sees it (the API, scripts): the zod-free main entry plus every schema, so
 * `import { createUserSchema, MESSAGES } from '@medora/shared'` keeps working on the server. Browsers
 * get `index.ts` through the "browser" export condition.
 */
export * from './index.js';
// Every text of the message catalogue (a page loads only its packages' areas).
import './messages/all.js';
export * from './schemas/index.js';
export * from './intake/index.js';
// The medicine list and the intake's medicine proposals (browsers import `@medora/shared/medicines`).
export * from './medications/medicines.js';
export * from './medications/intake-proposals.js';
