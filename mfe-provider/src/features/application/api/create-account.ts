import { getApp } from 'firebase/app';
import { createUserWithEmailAndPassword, getAuth, sendEmailVerification } from 'firebase/auth';
import {
  api,
  authErrorMessage,
  authStore,
  errorMessage,
  formatMessage,
  type SignupRole,
} from '@medora/shared';

/**
 * Creates the Firebase account through the page's one Firebase app (a federation singleton the shell
 * started), sends the verification email, and registers the role (POST /api/users).
 * Throws an Error whose message is the catalogue's text for that failure.
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
    // The one Firebase mapping of @medora/shared: catalogue texts, never Firebase's own.
    throw new Error(authErrorMessage('doctorSignup', error), { cause: error });
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
