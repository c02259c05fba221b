import { accessSync, constants } from 'node:fs';
import type { Agent } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { getApps, initializeApp, applicationDefault, type App, type AppOptions } from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth';
import type { AppConfig } from '../config/app-config.js';
import { CONFIG } from '../config/config.js';
import { VerifiedTokenCache } from './verified-token-cache.js';

const APP_NAME = 'medora-api';

/** A distinct firebase-admin app per outbound agent, so two API instances never share the wrong one. */
const agentIds = new WeakMap<Agent, number>();
let agentCount = 0;
function agentId(agent: Agent): number {
  let id = agentIds.get(agent);
  if (id === undefined) {
    id = ++agentCount;
    agentIds.set(agent, id);
  }
  return id;
}

/**
 * firebase-admin decides once, when an app's Auth is created, whether it talks to the emulator (and
 * then accepts unsigned tokens), reading FIREBASE_AUTH_EMULATOR_HOST from process.env. Our config
 * decides instead. With an emulator host the variable is set (and stays set: firebase-admin reads it
 * again in a few places). Without one it is removed while the Auth is created — synchronously, nothing
 * else runs meanwhile — and put back, so an API built without the emulator verifies real signatures
 * even in a process where another instance uses the emulator (tests, benchmarks).
 */
function createAuth(app: App, emulatorHost: string | undefined): Auth {
  if (emulatorHost) {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
    return getAuth(app);
  }
  const before = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  try {
    return getAuth(app);
  } finally {
    if (before !== undefined) process.env.FIREBASE_AUTH_EMULATOR_HOST = before;
  }
}

/**
 * Verifies Firebase ID tokens, with a short-lived cache of verified tokens. firebase-admin is
 * initialised once per process, project, emulator mode and outbound agent.
 *
 * Revocation: every verification asks Firebase for the account (`checkRevoked`: disabled,
 * deleted, or tokens revoked by `validSince` / `revokeRefreshTokens`), and a verified token is served
 * from the cache for at most `tokenCacheMs` (TOKEN_CACHE_SECONDS, default 30 s, at most 60). So access
 * ends within that time of the change, while a client that sends the same token on every request costs
 * one account lookup per token per period, not one per request (the cheap alternative to a per-uid
 * schedule, which would need its own list of recently seen uids and still a lookup per uid).
 */
@Injectable()
export class FirebaseAuthService {
  private readonly app: App;
  private readonly auth: Auth;
  private readonly verified: VerifiedTokenCache<DecodedIdToken>;

  constructor(@Inject(CONFIG) config: AppConfig) {
    this.verified = new VerifiedTokenCache<DecodedIdToken>({ maxAgeMs: config.tokenCacheMs });
    if (config.googleApplicationCredentials) {
      // Checked here, not at the first sign-in: a wrong path would otherwise turn every request into a 401.
      try {
        accessSync(config.googleApplicationCredentials, constants.R_OK);
      } catch {
        throw new Error(
          `GOOGLE_APPLICATION_CREDENTIALS names no readable file (got '${config.googleApplicationCredentials}')`,
        );
      }
      process.env.GOOGLE_APPLICATION_CREDENTIALS = config.googleApplicationCredentials;
    }
    const emulator = config.firebaseAuthEmulatorHost;
    const name = [
      APP_NAME,
      config.firebaseProjectId,
      emulator ? `emulator@${emulator}` : 'live',
      ...(config.httpAgent ? [`agent${agentId(config.httpAgent)}`] : []),
    ].join(':');
    const options: AppOptions = {
      projectId: config.firebaseProjectId,
      ...(config.googleApplicationCredentials ? { credential: applicationDefault(config.httpAgent) } : {}),
      // Outbound calls (Google's signing certificates, the Auth REST API) go through it: proxies.
      ...(config.httpAgent ? { httpAgent: config.httpAgent } : {}),
    };
    this.app = getApps().find((a) => a.name === name) ?? initializeApp(options, name);
    this.auth = createAuth(this.app, emulator);
  }

  /**
   * The decoded token when it is valid and its account is neither disabled, deleted nor revoked.
   * Verified tokens are cached for at most `tokenCacheMs` and never past their `exp`; failures never
   * are. A failed account lookup (Firebase unreachable) refuses the token: fail closed.
   */
  verifyIdToken(token: string): Promise<DecodedIdToken> {
    // checkRevoked: the emulator mode of firebase-admin always checks; real Firebase only when asked.
    return this.verified.getOrVerify(token, (t) => this.auth.verifyIdToken(t, true));
  }

  /** A custom token for signInWithCustomToken; used only by the emulator-only dev module. */
  createCustomToken(uid: string): Promise<string> {
    return this.auth.createCustomToken(uid);
  }

  /** Creates the account unless it exists (idempotent); marks its email verified. */
  async ensureUser(user: { uid: string; email: string; displayName: string }): Promise<void> {
    const auth = this.auth;
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
