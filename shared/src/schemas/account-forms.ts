/**
 * `@medora/shared/account-forms`: the settings page's zod schemas, for the shell. The
 * shell imports them from here, not from `@medora/shared/schemas`: that federation singleton carries
 * every route's contract (the dev routes' names included), which the shell's production build must
 * not contain (shell/test/production-build.test.ts). The rules are the same objects the API uses.
 */
export {
  accountFormSchema,
  changeEmailFormSchema,
  changePasswordFormSchema,
  notificationPreferencesSchema,
} from './users.js';
