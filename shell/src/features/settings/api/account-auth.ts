import type { Auth, User } from 'firebase/auth';
import type * as FirebaseAuth from 'firebase/auth';

/**
 * The identity-provider calls of the settings page. Each change re-authenticates with
 * the current password first, so a session left open on a shared computer cannot change them.
 */
export interface AccountAuth {
  /** Re-authenticates, then sets the new password. */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  /**
   * Re-authenticates, then sends a verification link to the new address; the address changes only when
   * the link is opened (Firebase `verifyBeforeUpdateEmail`). The API then follows the new token.
   */
  requestEmailChange(currentPassword: string, newEmail: string): Promise<void>;
}

/** A Firebase error as the SDK throws it, for a call made without a signed-in user. */
const noUser = () => Object.assign(new Error('No signed-in user'), { code: 'auth/null-user' });

/** The AccountAuth of the page's Firebase Auth (loaded on demand, like the auth screens). */
export function createAccountAuth(getAuth: () => Promise<Auth>): AccountAuth {
  async function reauthenticated(currentPassword: string): Promise<[User, typeof FirebaseAuth]> {
    const [auth, fb] = await Promise.all([getAuth(), import('firebase/auth')]);
    const user = auth.currentUser;
    if (!user?.email) throw noUser();
    await fb.reauthenticateWithCredential(user, fb.EmailAuthProvider.credential(user.email, currentPassword));
    return [user, fb];
  }
  return {
    async changePassword(currentPassword, newPassword) {
      const [user, fb] = await reauthenticated(currentPassword);
      await fb.updatePassword(user, newPassword);
    },
    async requestEmailChange(currentPassword, newEmail) {
      const [user, fb] = await reauthenticated(currentPassword);
      await fb.verifyBeforeUpdateEmail(user, newEmail);
    },
  };
}
