import { z } from 'zod';
import { ROLES, SIGNUP_ROLES } from '../roles.js';

/** Validates a role (the constants and types live zod-free in `roles.ts`). */
export const roleSchema = z.enum(ROLES);

/** Validates a role picked at sign-up: never admin. */
export const signupRoleSchema = z.enum(SIGNUP_ROLES);
