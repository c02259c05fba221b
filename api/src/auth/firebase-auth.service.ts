import { Inject, Injectable } from '@nestjs/common';
import { getApps, initializeApp, applicationDefault, type App } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import { CONFIG, type Config } from '../config/config.js';

const APP_NAME = 'medora-api';

/** Verifies Firebase ID tokens. firebase-admin is initialised once per process and project. */
@Injectable()
export class FirebaseAuthService {
  private readonly app: App;

  constructor(@Inject(CONFIG) config: Config) {
    // firebase-admin reads the emulator host from process.env, not from its options.
    if (config.firebaseAuthEmulatorHost)
      process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebaseAuthEmulatorHost;
    if (config.googleApplicationCredentials) {
      process.env.GOOGLE_APPLICATION_CREDENTIALS = config.googleApplicationCredentials;
    }
    const name = `${APP_NAME}:${config.firebaseProjectId}`;
    this.app =
      getApps().find((a) => a.name === name) ??
      initializeApp(
        config.googleApplicationCredentials
          ? { projectId: config.firebaseProjectId, credential: applicationDefault() }
          : { projectId: config.firebaseProjectId },
        name,
      );
  }

  verifyIdToken(token: string): Promise<DecodedIdToken> {
    return getAuth(this.app).verifyIdToken(token);
  }

  /** A custom token for signInWithCustomToken; used only by the emulator-only dev module. */
  createCustomToken(uid: string): Promise<string> {
    return getAuth(this.app).createCustomToken(uid);
  }

  /** Creates the account unless it exists (idempotent); marks its email verified. */
  async ensureUser(user: { uid: string; email: string; displayName: string }): Promise<void> {
    const auth = getAuth(this.app);
    try {
      const existing = await auth.getUser(user.uid);
      if (!existing.emailVerified || existing.email !== user.email) {
        await auth.updateUser(user.uid, { email: user.email, emailVerified: true });
      }
    } catch (error) {
      if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      await auth.createUser({ ...user, emailVerified: true });
    }
  }
}
