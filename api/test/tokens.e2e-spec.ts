import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPairSync, createHmac, sign as rsaSign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Agent as HttpsAgent, type RequestOptions } from 'node:https';
import { connect, type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { jest } from '@jest/globals';
import request from 'supertest';
import { MESSAGES } from '@medora/shared';
import {
  authHeader,
  createTestApp,
  signUpUser,
  testProjectId,
  throwawayServiceAccount,
  type TestApp,
} from './helpers.js';

/**
 * ID tokens through the real HTTP API: every bad token is a 401 with the catalogue's message, and a
 * good one passes (so each refusal is a refusal of that token, not of everything).
 *
 * "Outside the emulator" is an app built without FIREBASE_AUTH_EMULATOR_HOST, where firebase-admin
 * really checks RS256 signatures against Google's certificate URL. This machine cannot reach Google,
 * so the app gets an outbound agent (AppConfig.httpAgent, the production knob for proxies) that
 * carries that one HTTPS request to a local server serving our own test key as `{ kid: PEM }`; the
 * tokens are signed here with node:crypto.
 */

const CERT_PATH = '/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com';
const KID = 'medora-test-key-1';
const PROJECT = testProjectId();
const ISSUER = `https://securetoken.google.com/${PROJECT}`;
const lookupPath = (project: string) => `/v1/projects/${project}/accounts:lookup`;
const LOOKUP_PATH = lookupPath(PROJECT);

// GET /api/me is rate limited as a sign-in route; this file sends it far more often than a person would.
const NO_SIGN_IN_LIMIT = { RATE_LIMIT_SIGN_IN_PER_USER: '10000', RATE_LIMIT_SIGN_IN_PER_IP: '10000' };

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingKey = rsa();
const otherKey = rsa();
// jsonwebtoken accepts an SPKI public key PEM as well as Google's X.509 certificates.
const publicPem = signingKey.publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** An account as the Auth REST API's accounts:lookup describes it. */
interface LookupAccount {
  disabled?: boolean;
  /** Seconds since the epoch, as a string: tokens issued before it are revoked. */
  validSince?: string;
}

/**
 * Serves the certificate document and, for the revocation check (`checkRevoked`), Google's
 * OAuth token endpoint and the Auth REST API's accounts:lookup; remembers which host and path each
 * request asked for. Every uid is an active account unless `accounts` says otherwise (null: deleted).
 */
class CertServer {
  readonly requests: { host: string | undefined; path: string | undefined; authorization?: string }[] = [];
  readonly accounts = new Map<string, LookupAccount | null>();
  /** Answer the account lookup with this status instead (Google failing, or refusing our credentials). */
  lookupFailure: number | null = null;
  constructor(private readonly project: string = PROJECT) {}
  private readonly server: Server = createServer((req: IncomingMessage, res) => {
    this.requests.push({ host: req.headers.host, path: req.url, authorization: req.headers.authorization });
    const json = (status: number, body: object, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    if (req.url === CERT_PATH) {
      json(200, { [KID]: publicPem }, { 'cache-control': 'public, max-age=3600' });
      return;
    }
    if (req.method === 'POST' && req.url === '/token') {
      json(200, { access_token: 'test-access-token', expires_in: 3600, token_type: 'Bearer' });
      return;
    }
    if (req.method === 'POST' && req.url === lookupPath(this.project)) {
      if (this.lookupFailure !== null) {
        json(this.lookupFailure, { error: { code: this.lookupFailure, message: 'INTERNAL_ERROR' } });
        return;
      }
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const { localId = [] } = JSON.parse(raw || '{}') as { localId?: string[] };
        const users = localId.flatMap((uid) => {
          const account = this.accounts.get(uid);
          if (account === null) return [];
          return [{ localId: uid, email: `${uid}@tokens.test`, emailVerified: true, ...account }];
        });
        json(200, { kind: 'identitytoolkit#GetAccountInfoResponse', ...(users.length ? { users } : {}) });
      });
      return;
    }
    json(404, { error: 'not found' });
  });

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * An HTTPS agent whose connections all go, in plain HTTP, to the local certificate server: what
 * firebase-admin believes is https://www.googleapis.com/... is answered offline.
 */
class LocalCertAgent extends HttpsAgent {
  readonly targets: string[] = [];
  constructor(private readonly port: number) {
    super({ keepAlive: false });
  }

  override createConnection(options: RequestOptions): Duplex {
    this.targets.push(`${options.host ?? options.hostname}:${options.port}`);
    return connect(this.port, '127.0.0.1');
  }
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The claims Firebase puts in an ID token, for `sub`, valid for an hour from now. */
function claims(
  sub: string,
  extra: Record<string, unknown> = {},
  project: string = PROJECT,
): Record<string, unknown> {
  const now = nowSeconds();
  return {
    iss: project === PROJECT ? ISSUER : `https://securetoken.google.com/${project}`,
    aud: project,
    auth_time: now - 10,
    user_id: sub,
    sub,
    iat: now - 10,
    exp: now + 3600,
    email: `${sub}@tokens.test`,
    email_verified: true,
    firebase: { identities: {}, sign_in_provider: 'password' },
    ...extra,
  };
}

/** An RS256 JWT signed with `key` (PKCS#1 v1.5 + SHA-256, what RS256 means). */
function signRs256(
  payload: object,
  key: KeyObject = signingKey.privateKey,
  kid: string | null = KID,
): string {
  const header = { alg: 'RS256', typ: 'JWT', ...(kid === null ? {} : { kid }) };
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${rsaSign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

/** An unsigned JWT (`alg: none`), the kind the Auth emulator issues. */
function unsigned(payload: object, kid?: string): string {
  return `${b64({ alg: 'none', typ: 'JWT', ...(kid ? { kid } : {}) })}.${b64(payload)}.`;
}

/** The claims of a JWT, unverified. */
function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

const me = (t: TestApp, token?: string) => {
  const req = request(t.http).get('/api/me');
  return token === undefined ? req : req.set(authHeader(token));
};

async function expectUnauthenticated(t: TestApp, token: string | undefined, label: string) {
  const res = await me(t, token);
  expect([label, res.status, res.body.message]).toEqual([label, 401, MESSAGES.unauthenticated]);
}

/** Runs `fn` with the clock (Date.now, which jsonwebtoken and our cache read) at `ms`. */
async function at<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const spy = jest.spyOn(Date, 'now').mockReturnValue(ms);
  try {
    return await fn();
  } finally {
    spy.mockRestore();
  }
}

/** The `msg` of the JSON log lines from `context` (the API's pino lines). */
function logMessages(lines: string[], context: string): { level: number; msg: string }[] {
  return lines
    .map((l) => JSON.parse(l) as { level: number; msg: string; context?: string })
    .filter((l) => l.context === context);
}

describe('ID tokens outside the emulator (real RS256 verification)', () => {
  let t: TestApp;
  const logLines: string[] = [];
  let certs: CertServer;
  let agent: LocalCertAgent;

  let credentialsDir: string;
  const credentialsBefore = process.env.GOOGLE_APPLICATION_CREDENTIALS;

  beforeAll(async () => {
    certs = new CertServer();
    agent = new LocalCertAgent(await certs.start());
    // The revocation check calls the Auth REST API, which needs an OAuth token: a service account
    // (with a throwaway key) whose token request the agent also carries to the local server.
    const credentials = throwawayServiceAccount(PROJECT);
    credentialsDir = path.dirname(credentials);
    t = await createTestApp({
      seed: false,
      env: {
        ...NO_SIGN_IN_LIMIT,
        FIREBASE_AUTH_EMULATOR_HOST: '',
        GOOGLE_APPLICATION_CREDENTIALS: credentials,
        LOG_LEVEL: 'log',
      },
      httpAgent: agent,
      logDestination: { write: (line: string) => void logLines.push(line) },
    });
  });

  afterAll(async () => {
    await t?.close();
    agent?.destroy();
    await certs?.close();
    // FirebaseAuthService exports the path to process.env for google-auth-library: undo it.
    if (credentialsBefore === undefined) delete process.env.GOOGLE_APPLICATION_CREDENTIALS;
    else process.env.GOOGLE_APPLICATION_CREDENTIALS = credentialsBefore;
    if (credentialsDir) rmSync(credentialsDir, { recursive: true, force: true });
  });

  it('runs in a process where the emulator variable is set, so the refusals below are the app’s own', () => {
    // The app was built without an emulator host; firebase-admin must not pick this one up.
    expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBeTruthy();
  });

  it('accepts a token signed with the key Google’s certificate URL serves, fetched through the agent', async () => {
    const sub = `rs256-${Date.now().toString(36)}`;
    const token = signRs256(claims(sub));
    const res = await me(t, token);
    expect(res.status).toBe(200);
    // Not registered yet: /api/me answers for the token's uid, as for any new account.
    expect(res.body).toMatchObject({ registered: false, user: { uid: sub, email: `${sub}@tokens.test` } });
    expect(agent.targets[0]).toBe('www.googleapis.com:443');
    expect(certs.requests[0]).toEqual({ host: 'www.googleapis.com', path: CERT_PATH });

    // The user lookup runs on the verified uid: registering with the same token makes it a patient.
    const created = await request(t.http)
      .post('/api/users')
      .set(authHeader(token))
      .send({ uid: sub, role: 'patient' });
    expect(created.status).toBe(201);
    expect((await me(t, token)).body).toMatchObject({
      registered: true,
      user: { uid: sub, role: 'patient' },
    });
  });

  it('refuses the same claims signed by another key, a tampered payload and an unknown kid', async () => {
    const sub = 'rs256-forged';
    await expectUnauthenticated(t, signRs256(claims(sub), otherKey.privateKey), 'other key');
    const genuine = signRs256(claims(sub));
    const [header, , signature] = genuine.split('.');
    const tampered = `${header}.${b64(claims('someone-else'))}.${signature}`;
    await expectUnauthenticated(t, tampered, 'tampered payload');
    await expectUnauthenticated(
      t,
      signRs256(claims(sub), signingKey.privateKey, 'unknown-kid'),
      'unknown kid',
    );
    await expectUnauthenticated(t, signRs256(claims(sub), signingKey.privateKey, null), 'no kid');
    // The control: the untampered token passes.
    expect((await me(t, genuine)).status).toBe(200);
  });

  it('refuses an expired token, a wrong audience, a wrong issuer and an empty subject', async () => {
    const sub = 'rs256-claims';
    const now = nowSeconds();
    const cases: [string, Record<string, unknown>][] = [
      ['expired', { iat: now - 7200, auth_time: now - 7200, exp: now - 3600 }],
      ['expired a second ago', { exp: now - 1 }],
      ['wrong audience', { aud: 'another-project' }],
      ['wrong issuer', { iss: 'https://securetoken.google.com/another-project' }],
      ['issuer of another service', { iss: `https://session.firebase.google.com/${PROJECT}` }],
      ['empty subject', { sub: '' }],
    ];
    for (const [label, extra] of cases) {
      await expectUnauthenticated(t, signRs256(claims(sub, extra)), label);
    }
  });

  it('refuses alg none (with or without a kid) and an HS256 token keyed with the public key', async () => {
    // A genuine emulator token for an emulator account: unsigned, right project, right issuer.
    const emulated = await signUpUser();
    await expectUnauthenticated(t, emulated.idToken, 'the emulator’s own token');
    const payload = payloadOf(emulated.idToken);
    await expectUnauthenticated(t, unsigned(payload), 'alg none');
    await expectUnauthenticated(t, unsigned(payload, KID), 'alg none with kid');
    const input = `${b64({ alg: 'HS256', typ: 'JWT', kid: KID })}.${b64(payload)}`;
    const hs256 = `${input}.${createHmac('sha256', publicPem).update(input).digest('base64url')}`;
    await expectUnauthenticated(t, hs256, 'HS256 with the public key as secret');
  });

  it('refuses malformed tokens and headers, and a missing one', async () => {
    await expectUnauthenticated(t, undefined, 'missing');
    for (const token of ['not-a-jwt', 'a.b.c', 'e30.e30.', `${b64({ alg: 'RS256', kid: KID })}..`]) {
      await expectUnauthenticated(t, token, token);
    }
    const valid = signRs256(claims('rs256-header'));
    for (const header of [`Basic ${valid}`, valid, 'Bearer', 'Bearer ', `Bearer ${valid} extra`]) {
      const res = await request(t.http).get('/api/me').set('Authorization', header);
      expect([header, res.status, res.body.message]).toEqual([header, 401, MESSAGES.unauthenticated]);
    }
  });

  it('never lets the token cache serve a token past its exp', async () => {
    const exp = nowSeconds() + 120;
    const token = signRs256(claims('rs256-cache', { exp }));
    expect((await me(t, token)).status).toBe(200);
    expect((await me(t, token)).status).toBe(200); // served from the cache now
    const res = await at(exp * 1000, () => me(t, token));
    expect([res.status, res.body.message]).toEqual([401, MESSAGES.unauthenticated]);
    expect((await at(exp * 1000 + 60_000, () => me(t, token))).status).toBe(401);
    // Back at the real time the token is valid again (verified afresh, not remembered as a failure).
    expect((await me(t, token)).status).toBe(200);
  });

  // Outside the emulator firebase-admin checks revocation only when asked (checkRevoked).
  it.each([
    ['disabled', (sub: string) => certs.accounts.set(sub, { disabled: true })],
    ['deleted', (sub: string) => certs.accounts.set(sub, null)],
    ['revoked (validSince)', (sub: string) => certs.accounts.set(sub, { validSince: String(nowSeconds()) })],
  ])(
    'answers 401 within 30 s once the account is %s, asking Firebase once per period',
    async (label, change) => {
      const sub = `rs256-${label.split(' ')[0]}`;
      // Signed in a minute ago, so a validSince of now revokes it.
      const token = signRs256(claims(sub, { auth_time: nowSeconds() - 60, iat: nowSeconds() - 60 }));
      const lookups = () => certs.requests.filter((r) => r.path === LOOKUP_PATH).length;
      const before = lookups();
      expect((await me(t, token)).status).toBe(200);
      const start = Date.now();
      expect(lookups()).toBe(before + 1);
      change(sub);
      // Within the cache period the token is served without a lookup (the cost bound)...
      expect((await me(t, token)).status).toBe(200);
      expect(lookups()).toBe(before + 1);
      // ...and 30 s after its verification the account is asked about again, and refused.
      const res = await at(start + 30_000, () => me(t, token));
      expect([label, res.status, res.body.message]).toEqual([label, 401, MESSAGES.unauthenticated]);
      expect(lookups()).toBe(before + 2);
    },
  );

  it('logs one line per refused token, never the token: info for a bad token, error when Firebase fails', async () => {
    const forged = signRs256(claims('rs256-logged'), otherKey.privateKey);
    logLines.length = 0;
    await expectUnauthenticated(t, forged, 'forged');
    const refused = logMessages(logLines, 'Auth');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.level).toBe(30);
    expect(refused[0]!.msg).toMatch(/^ID token refused \(auth\/[a-z-]+\): /);

    // The account lookup fails (Google down, or our credentials refused): every caller gets a 401,
    // and an operator gets an error line saying so.
    const genuine = signRs256(claims('rs256-lookup-down'));
    certs.lookupFailure = 500;
    logLines.length = 0;
    try {
      await expectUnauthenticated(t, genuine, 'lookup failing');
    } finally {
      certs.lookupFailure = null;
    }
    const failed = logMessages(logLines, 'Auth');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.level).toBe(50);
    expect(failed[0]!.msg).toMatch(/^ID token could not be checked, so the request is refused \(/);
    for (const token of [forged, genuine]) {
      expect(logLines.join('\n')).not.toContain(token.split('.')[2]!);
    }
    // The control: once the lookup answers again, the same token is accepted.
    expect((await me(t, genuine)).status).toBe(200);
  });

  it('keeps an active account’s token working after the cache period (the control)', async () => {
    const token = signRs256(claims('rs256-active'));
    expect((await me(t, token)).status).toBe(200);
    const start = Date.now();
    expect((await at(start + 30_000, () => me(t, token))).status).toBe(200);
  });
});

describe('ID tokens in production configuration', () => {
  const project = 'medora-prod-tokens';
  let certs: CertServer;
  let agent: LocalCertAgent;
  let dir: string;
  const credentialsBefore = process.env.GOOGLE_APPLICATION_CREDENTIALS;

  /** What production requires besides identity (mail settings; this test sends no mail). */
  const productionEnv = (extra: Record<string, string>): Record<string, string> => ({
    ...NO_SIGN_IN_LIMIT,
    NODE_ENV: 'production',
    FIREBASE_PROJECT_ID: project,
    FIREBASE_AUTH_EMULATOR_HOST: '',
    MEDORA_LOCAL_MODE: 'false',
    MIGRATE_ON_BOOT: 'true',
    SMTP_URL: 'smtp://127.0.0.1:9',
    MAIL_FROM: 'Medora <no-reply@tokens.test>',
    MAIL_LINK_SECRET: 'a'.repeat(40),
    PUBLIC_APP_URL: 'https://medora.tokens.test',
    ...extra,
  });

  beforeAll(async () => {
    certs = new CertServer(project);
    agent = new LocalCertAgent(await certs.start());
    dir = mkdtempSync(path.join(os.tmpdir(), 'medora-prod-tokens-'));
  });

  afterAll(async () => {
    agent?.destroy();
    await certs?.close();
    if (credentialsBefore === undefined) delete process.env.GOOGLE_APPLICATION_CREDENTIALS;
    else process.env.GOOGLE_APPLICATION_CREDENTIALS = credentialsBefore;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to start without a service account, naming the setting and why', async () => {
    await expect(createTestApp({ seed: false, env: productionEnv({}), httpAgent: agent })).rejects.toThrow(
      /GOOGLE_APPLICATION_CREDENTIALS is required with NODE_ENV=production .*revocation check/,
    );
  });

  it('refuses to start when the service-account file cannot be read', async () => {
    const missing = path.join(dir, 'missing.json');
    await expect(
      createTestApp({
        seed: false,
        env: productionEnv({ GOOGLE_APPLICATION_CREDENTIALS: missing }),
        httpAgent: agent,
      }),
    ).rejects.toThrow(`GOOGLE_APPLICATION_CREDENTIALS names no readable file (got '${missing}')`);
  });

  it('signs in with a Google-style RS256 token, checking revocation with the service account', async () => {
    const t = await createTestApp({
      seed: false,
      env: productionEnv({ GOOGLE_APPLICATION_CREDENTIALS: throwawayServiceAccount(project) }),
      httpAgent: agent,
    });
    try {
      const sub = `prod-${Date.now().toString(36)}`;
      const res = await me(t, signRs256(claims(sub, {}, project)));
      expect([res.status, res.body.user?.uid]).toEqual([200, sub]);
      // The signing keys, then the account lookup with the service account's OAuth token (fetched
      // from token_uri, or reused: firebase-admin keeps one default credential per process).
      expect(certs.requests).toEqual(
        expect.arrayContaining([
          { host: 'www.googleapis.com', path: CERT_PATH, authorization: undefined },
          {
            host: 'identitytoolkit.googleapis.com',
            path: lookupPath(project),
            authorization: 'Bearer test-access-token',
          },
        ]),
      );
    } finally {
      await t.close();
    }
  });
});

describe('ID tokens with the Auth emulator', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: NO_SIGN_IN_LIMIT });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('accepts the emulator’s token and an unsigned token with the same claims (the control)', async () => {
    const user = await signUpUser();
    expect((await me(t, user.idToken)).status).toBe(200);
    // The emulator's tokens are unsigned; the app still checks every claim, as the next test shows.
    expect((await me(t, unsigned(payloadOf(user.idToken)))).status).toBe(200);
  });

  it('refuses an expired token, a wrong audience or issuer, malformed and missing tokens', async () => {
    const user = await signUpUser();
    const valid = payloadOf(user.idToken);
    const now = nowSeconds();
    const cases: [string, Record<string, unknown>][] = [
      ['expired', { exp: now - 1 }],
      ['wrong audience', { aud: 'another-project' }],
      ['wrong issuer', { iss: 'https://securetoken.google.com/another-project' }],
    ];
    for (const [label, changed] of cases) {
      await expectUnauthenticated(t, unsigned({ ...valid, ...changed }), label);
    }
    await expectUnauthenticated(t, 'not-a-jwt', 'malformed');
    await expectUnauthenticated(t, undefined, 'missing');
  });

  it('refuses the emulator’s own token once it has expired, although it was cached while valid', async () => {
    const user = await signUpUser();
    const { exp } = payloadOf(user.idToken) as { exp: number };
    expect((await me(t, user.idToken)).status).toBe(200);
    expect((await me(t, user.idToken)).status).toBe(200);
    const res = await at(exp * 1000, () => me(t, user.idToken));
    expect([res.status, res.body.message]).toEqual([401, MESSAGES.unauthenticated]);
  });
});
