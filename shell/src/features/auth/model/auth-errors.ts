/** The auth screens use the one Firebase error mapping of `@medora/shared` (issue 13 §6). */
export { authErrorMessage, isUnknownAccountError, type AuthAction } from '@medora/shared';
