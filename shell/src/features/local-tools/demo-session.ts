import type { Auth } from 'firebase/auth';
import { api, type DemoSessionResponse } from '@medora/shared';
import { demoShortcutRole } from './demo-shortcut';

/**
 * The role-name shortcut against the Auth emulator: the API (dev module, emulator only) issues a custom
 * token for the role's demo account and we sign in with it through Firebase. Returns false when the
 * input is not a shortcut, so the normal login goes on.
 */
export async function signInAsDemo(
  username: string,
  password: string,
  getAuth: () => Promise<Auth>,
): Promise<boolean> {
  const role = demoShortcutRole(username, password);
  if (!role) return false;
  const { customToken } = await api.request<DemoSessionResponse>('/dev/demo-session', {
    method: 'POST',
    body: { role },
    anonymous: true,
  });
  const [auth, { signInWithCustomToken }] = await Promise.all([getAuth(), import('firebase/auth')]);
  await signInWithCustomToken(auth, customToken);
  return true;
}
