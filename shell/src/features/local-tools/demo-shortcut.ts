import { ROLES, type Role } from '@medora/shared';

/**
 * The original specification's test shortcut, made safe: username and password both equal to a role name. Only ever used
 * against the Auth emulator, where it signs in to that role's seeded demo account for real.
 */
export function demoShortcutRole(username: string, password: string): Role | null {
  const name = username.trim().toLowerCase();
  return name === password && (ROLES as readonly string[]).includes(name) ? (name as Role) : null;
}
