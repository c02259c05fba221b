/**
 * `@medora/shared` as the browsers see it: the contracts without zod (zod is ~24 KB gzip and
 * the landing page's first paint needs none of it). Types of the validated contracts are exported as
 * types only; the zod schemas themselves come from `@medora/shared/schemas`. Node (the API) resolves
 * `@medora/shared` to `node.ts`, which is this plus the schemas (package.json "exports").
 *
 * Add zod-free modules here; a module that imports zod goes in `schemas/index.ts` (and `export type *`
 * here if the frontends need its types).
 */
export * from './roles.js';
// Named, not `export *`: webpack shares the catalogue by this request, and a star re-export of a
// shared module leaves this entry's exports unknown, which stops it from being concatenated.
export { MESSAGES, formatMessage, plural, withoutFinalStop, type MessageKey } from '@medora/shared/messages';
export * from './remotes.js';
// The one runtime-config builder (env → /runtime-config.json), zod-free.
export * from './runtime-config-env.js';
// The shell's remote route, shared with remotes that mount another remote.
export * from './remote-route-registry.js';
export * from './page-paths.js';
export type * from './list-page.js';
export * from './api/api-error.js';
export * from './api/client.js';
export * from './api/early-response.js';
export * from './auth/auth-store.js';
export * from './auth/account-storage.js';
export * from './auth/auth-errors.js';
export * from './auth/password.js';
// The account's phone and name rules (sign-up, settings), zod-free.
export * from './auth/account-fields.js';
// Break-the-glass: the admin's stated reason, and the patient's list of who looked at the record.
export * from './auth/access-reason.js';
export * from './ui/notify.js';
export type * from './errors.js';
export type * from './schemas/users.js';
// The admin's view of mail that could not be sent.
export type * from './schemas/mail-jobs.js';
export * from './booking/index.js';
// The doctor application rules (zod-free, shared by the API schema and the page).
export * from './doctors/application-rules.js';
// Sub-specialties per specialty.
export * from './doctors/sub-specialties.js';
// The admin desk's queues, orders and page size (zod-free).
export * from './doctors/admin-desk.js';
export type * from './schemas/appointments.js';
// The intake engine and its question bank are a separate entry, `@medora/shared/intake` (Node gets
// them here through node.ts), so the landing route does not download them; only their types are here.
export type * from './intake/types.js';
export type * from './intake/patient-types.js';
// The clinical flag vocabulary (concepts and urgencies) and how a summary states its red flags.
export * from './clinical/concepts.js';
export * from './clinical/summary-status.js';
export * from './documents/file-type.js';
// Request body limits of the API, also rendered into the gateway's nginx config.
export * from './http-limits.js';
// Readable document types, used by the documents tab and the summary.
export * from './documents/document-type.js';
export type * from './schemas/intake.js';
export type * from './schemas/audit.js';
export type * from './schemas/fhir.js';
export * from './medications/types.js';
// How a medicine on the list reads (tab, printable summary, the doctor's card).
export * from './medications/display.js';
export type * from './schemas/medications.js';
export type * from './schemas/doctors.js';
export type * from './schemas/doctor-search.js';
// The pages a mail links to, the unsubscribe token's list, the local mailbox's types.
export * from './mail/mail-links.js';
