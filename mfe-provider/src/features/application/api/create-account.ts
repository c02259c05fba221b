import { getApp } from 'firebase/app';
import { createUserWithEmailAndPassword, getAuth, sendEmailVerification } from 'firebase/auth';
import { api, authStore, MESSAGES, errorMessage, formatMessage, type SignupRole } from '@medora/shared';

const SIGNUP_CODES: Record<string, string> = {
  'auth/email-already-in-use': MESSAGES.emailInUse,
  'auth/invalid-email': MESSAGES.invalidEmail,
  'auth/weak-password': MESSAGES.weakPassword,
};

/**
 * Creates the Firebase account through the page's one Firebase app (a federation singleton the shell
 * started), sends the verification email, and registers the role (POST /api/users, spec §7).
 * Throws an Error whose message is the spec §8 text.
 */
export async function createDoctorAccount(
  email: string,
  password: string,
  role: SignupRole,
): Promise<string> {
  let uid: string;
  try {
    const auth = getAuth(getApp());
    const { user } = await createUserWithEmailAndPassword(auth, email.trim(), password);
    uid = user.uid;
    await sendEmailVerification(user).catch(() => undefined);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    throw new Error(
      (typeof code === 'string' && SIGNUP_CODES[code]) ||
        formatMessage('doctorSignupFailed', { message: errorMessage(error) }),
      { cause: error },
    );
  }
  try {
    await api.createUser({ uid, role, email: email.trim(), emailVerified: true });
    const me = await api.me();
    authStore.getState().setProfile({ ...me.user, registered: me.registered, access: me.access });
  } catch (error) {
    throw new Error(formatMessage('doctorSignupFailed', { message: errorMessage(error) }), { cause: error });
  }
  return uid;
}
