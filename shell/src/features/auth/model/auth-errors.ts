/** The auth screens use the one Firebase error mapping of `@medora/shared`. */
export { authErrorMessage, isUnknownAccountError, type AuthAction } from '@medora/shared';
