import { createRequire } from 'node:module';
import path from 'node:path';
import { parseURL as parseRedisUrl } from 'ioredis/built/utils/index.js';
import { parse as parsePg } from 'pg-connection-string';
import { ConfigError, findRepoRoot, loadConfig, redactUrl } from './config.js';

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted a bad environment');
}

/** What production needs besides a database: e-mail and the service account. */
const PROD_SETTINGS = {
  GOOGLE_APPLICATION_CREDENTIALS: '/run/secrets/firebase-service-account.json',
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
  MAIL_FROM: 'Medora <no-reply@clinic.example>',
  MAIL_LINK_SECRET: 'a-long-random-secret-of-at-least-32-characters',
  PUBLIC_APP_URL: 'https://medora.example',
};

describe('loadConfig', () => {
  it('uses the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      embeddedPgPort: 5433,
      firebaseProjectId: 'demo-medora',
      firebaseAuthEmulatorHost: undefined,
      corsOrigins: ['http://localhost:8080'],
      logLevel: 'log',
      seedDemoData: false,
      dbPoolSize: 10,
      careAccessDays: 30,
      booking: { maxPerHour: 5, maxUpcoming: 10 },
    });
  });

  it('resolves DATA_DIR against the repo root (the folder with the workspaces package.json)', () => {
    const root = findRepoRoot();
    expect(path.basename(path.join(root, 'api'))).toBe('api');
    expect(loadConfig({}).dataDir).toBe(path.join(root, '.data'));
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).dataDir).toBe('/tmp/x');
    expect(loadConfig({ DATA_DIR: 'var/db' }).dataDir).toBe(path.join(root, 'var/db'));
  });

  it('parses every value it is given', () => {
    const config = loadConfig({
      ...PROD_SETTINGS,
      NODE_ENV: 'production',
      API_PORT: '4000',
      API_HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u:p@db:5432/medora',
      EMBEDDED_PG_PORT: '6543',
      FIREBASE_PROJECT_ID: 'medora-prod',
      CORS_ORIGIN: 'https://a.example, https://b.example/',
      LOG_LEVEL: 'silent',
      SEED_DEMO_DATA: 'true',
      DB_POOL_SIZE: '20',
    });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 4000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u:p@db:5432/medora',
      embeddedPgPort: 6543,
      firebaseProjectId: 'medora-prod',
      corsOrigins: ['https://a.example', 'https://b.example'],
      logLevel: 'silent',
      seedDemoData: true,
      dbPoolSize: 20,
    });
  });

  it.each([
    [{ API_PORT: 'abc' }, "API_PORT must be a port number from 1 to 65535 (got 'abc')"],
    [{ API_PORT: '70000' }, "API_PORT must be a port number from 1 to 65535 (got '70000')"],
    [{ EMBEDDED_PG_PORT: '0' }, "EMBEDDED_PG_PORT must be a port number from 1 to 65535 (got '0')"],
    [{ NODE_ENV: 'prod' }, "NODE_ENV must be one of development, production, test (got 'prod')"],
    [
      { DATABASE_URL: 'mysql://x@y/z' },
      "DATABASE_URL must be a postgres:// or postgresql:// URL (got 'mysql://***@y/z')",
    ],
    [{ FIREBASE_PROJECT_ID: 'Bad Project' }, 'FIREBASE_PROJECT_ID must be a Firebase project id'],
    [{ FIREBASE_AUTH_EMULATOR_HOST: 'http://x' }, 'FIREBASE_AUTH_EMULATOR_HOST must be host:port'],
    [{ CORS_ORIGIN: 'not a url' }, 'CORS_ORIGIN must be a comma-separated list of origins'],
    [
      { LOG_LEVEL: 'loud' },
      "LOG_LEVEL must be one of silent, fatal, error, warn, log, info, debug, verbose, trace (got 'loud')",
    ],
    [{ SEED_DEMO_DATA: 'maybe' }, "SEED_DEMO_DATA must be true or false (got 'maybe')"],
    [{ DB_POOL_SIZE: '0' }, "DB_POOL_SIZE must be a whole number from 1 to 100 (got '0')"],
  ])('rejects %j with a clear message', (env, message) => {
    expect(errorOf(env).message).toContain(message);
  });

  it('serves metrics only when METRICS_PORT is set, on the API host unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464', API_HOST: '0.0.0.0' }).metrics).toEqual({
      port: 9464,
      host: '0.0.0.0',
      token: undefined,
    });
    const token = 'k3Y-0f-at-least-16';
    expect(
      loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5', METRICS_TOKEN: token }).metrics,
    ).toEqual({ port: 9464, host: '10.0.0.5', token });
  });

  it.each([
    [{ METRICS_PORT: 'x' }, "METRICS_PORT must be a port number from 1 to 65535 (got 'x')"],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN must be at least 16 printable characters'],
    [{ METRICS_TOKEN: 'has a space in it, long' }, 'METRICS_TOKEN must be at least 16 printable characters'],
  ])('rejects metrics setting %j', (env, message) => {
    expect(errorOf(env).message).toContain(message);
  });

  it('reads the care window in whole days (default 30), refusing anything else', () => {
    expect(loadConfig({ CARE_ACCESS_DAYS: '7' }).careAccessDays).toBe(7);
    for (const bad of ['0', '1.5', 'x', '3651']) {
      expect(errorOf({ CARE_ACCESS_DAYS: bad }).message).toContain(
        `CARE_ACCESS_DAYS must be a whole number from 1 to 3650 (got '${bad}')`,
      );
    }
  });

  it('lists every bad value at once', () => {
    const error = errorOf({ API_PORT: 'abc', LOG_LEVEL: 'loud', DB_POOL_SIZE: 'x' });
    expect(error.problems).toHaveLength(3);
    expect(error.message).toMatch(/API_PORT[\s\S]*LOG_LEVEL[\s\S]*DB_POOL_SIZE/);
  });

  it('hides the password of a bad DATABASE_URL', () => {
    expect(errorOf({ DATABASE_URL: 'mysql://me:secret@db/x' }).message).not.toContain('secret');
  });

  it('refuses a demo project without the emulator in production', () => {
    expect(errorOf({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'demo-medora' }).message).toContain(
      "FIREBASE_PROJECT_ID 'demo-medora' is a demo project, which only works with the Auth emulator",
    );
  });

  it('says FIREBASE_PROJECT_ID is missing in production, not that it is a demo project', () => {
    const message = errorOf({ NODE_ENV: 'production' }).message;
    expect(message).toContain('FIREBASE_PROJECT_ID is required with NODE_ENV=production');
    expect(message).not.toContain('demo project');
  });

  // The emulator accepts unsigned tokens; a production API must never be pointed at it.
  it('refuses the Auth emulator in production, whatever the project, and accepts it outside production', () => {
    for (const env of <Record<string, string>[]>[
      { NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
      {
        NODE_ENV: 'production',
        FIREBASE_AUTH_EMULATOR_HOST: 'auth-emulator:9099',
        FIREBASE_PROJECT_ID: 'medora-prod',
      },
    ]) {
      expect(errorOf(env).message).toContain(
        'FIREBASE_AUTH_EMULATOR_HOST is set with NODE_ENV=production: the Auth emulator accepts unsigned tokens',
      );
    }
    expect(
      loadConfig({ NODE_ENV: 'development', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })
        .firebaseAuthEmulatorHost,
    ).toBe('127.0.0.1:9099');
    expect(loadConfig({ NODE_ENV: 'development' }).firebaseProjectId).toBe('demo-medora');
  });

  it('enables local mode (dev routes, demo accounts) only when asked, with the emulator, outside production', () => {
    expect(loadConfig({}).localMode).toBe(false);
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).localMode).toBe(false);
    expect(
      loadConfig({ MEDORA_LOCAL_MODE: 'true', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).localMode,
    ).toBe(true);
    expect(
      errorOf({
        NODE_ENV: 'production',
        MEDORA_LOCAL_MODE: 'true',
        FIREBASE_PROJECT_ID: 'medora-prod',
      }).message,
    ).toContain('MEDORA_LOCAL_MODE=true is not allowed with NODE_ENV=production');
    expect(errorOf({ MEDORA_LOCAL_MODE: 'true' }).message).toContain(
      'MEDORA_LOCAL_MODE=true needs FIREBASE_AUTH_EMULATOR_HOST',
    );
    expect(errorOf({ MEDORA_LOCAL_MODE: 'maybe' }).message).toContain(
      "MEDORA_LOCAL_MODE must be true or false (got 'maybe')",
    );
  });

  it('trusts a verified token for 30 s by default, TOKEN_CACHE_SECONDS from 0 to 60', () => {
    expect(loadConfig({}).tokenCacheMs).toBe(30_000);
    expect(loadConfig({ TOKEN_CACHE_SECONDS: '0' }).tokenCacheMs).toBe(0);
    expect(loadConfig({ TOKEN_CACHE_SECONDS: '60' }).tokenCacheMs).toBe(60_000);
    for (const bad of ['61', '-1', '1.5', 'soon']) {
      expect(errorOf({ TOKEN_CACHE_SECONDS: bad }).message).toContain(
        `TOKEN_CACHE_SECONDS must be a whole number from 0 to 60 (got '${bad}')`,
      );
    }
  });

  it('has rate limits for real use by default and takes each one from the environment', () => {
    expect(loadConfig({}).rateLimit).toEqual({
      windowMs: 60_000,
      policies: {
        signIn: { perUser: 60, perIp: 300 },
        upload: { perUser: 60, perIp: 120 },
        booking: { perUser: 20, perIp: 120 },
        write: { perUser: 60, perIp: 600 },
        autosave: { perUser: 120, perIp: 1200 },
        export: { perUser: 10, perIp: 60 },
      },
    });
    const config = loadConfig({
      RATE_LIMIT_WINDOW_SECONDS: '2',
      RATE_LIMIT_SIGN_IN_PER_USER: '3',
      RATE_LIMIT_SIGN_IN_PER_IP: '4',
      RATE_LIMIT_UPLOAD_PER_USER: '5',
      RATE_LIMIT_UPLOAD_PER_IP: '6',
      RATE_LIMIT_BOOKING_PER_USER: '7',
      RATE_LIMIT_BOOKING_PER_IP: '8',
      RATE_LIMIT_WRITE_PER_USER: '9',
      RATE_LIMIT_WRITE_PER_IP: '10',
      RATE_LIMIT_AUTOSAVE_PER_USER: '11',
      RATE_LIMIT_AUTOSAVE_PER_IP: '12',
      RATE_LIMIT_EXPORT_PER_USER: '13',
      RATE_LIMIT_EXPORT_PER_IP: '14',
    });
    expect(config.rateLimit).toEqual({
      windowMs: 2000,
      policies: {
        signIn: { perUser: 3, perIp: 4 },
        upload: { perUser: 5, perIp: 6 },
        booking: { perUser: 7, perIp: 8 },
        write: { perUser: 9, perIp: 10 },
        autosave: { perUser: 11, perIp: 12 },
        export: { perUser: 13, perIp: 14 },
      },
    });
  });

  it.each([
    [{ RATE_LIMIT_WINDOW_SECONDS: '0' }, 'RATE_LIMIT_WINDOW_SECONDS must be a whole number from 1 to 86400'],
    [{ RATE_LIMIT_BOOKING_PER_IP: '-1' }, 'RATE_LIMIT_BOOKING_PER_IP must be a whole number from 1'],
  ])('rejects the rate limit setting %j', (env, message) => {
    expect(errorOf(env).message).toContain(message);
  });

  it('trusts loopback proxies only by default, and the TRUSTED_PROXIES list when set', () => {
    expect(loadConfig({}).trustedProxies).toEqual(['127.0.0.1', '::1']);
    expect(loadConfig({ TRUSTED_PROXIES: '172.18.0.0/16, 10.0.0.7' }).trustedProxies).toEqual([
      '172.18.0.0/16',
      '10.0.0.7',
    ]);
    expect(loadConfig({ TRUSTED_PROXIES: 'none' }).trustedProxies).toEqual([]);
    expect(errorOf({ TRUSTED_PROXIES: '10.0.0.1,nginx' }).message).toContain(
      "TRUSTED_PROXIES must be comma-separated IP addresses or CIDRs (e.g. 127.0.0.1,::1,10.0.0.0/8) or none; not 'nginx'",
    );
  });

  it('has a per-patient document quota of 200 files and 500 MB, each configurable', () => {
    expect(loadConfig({}).documentQuota).toEqual({ maxFiles: 200, maxBytes: 524_288_000 });
    expect(loadConfig({ DOCUMENT_QUOTA_FILES: '3', DOCUMENT_QUOTA_BYTES: '1048576' }).documentQuota).toEqual({
      maxFiles: 3,
      maxBytes: 1_048_576,
    });
    expect(errorOf({ DOCUMENT_QUOTA_FILES: '0' }).message).toContain(
      'DOCUMENT_QUOTA_FILES must be a whole number from 1 to 1000000',
    );
    expect(errorOf({ DOCUMENT_QUOTA_BYTES: '10MB' }).message).toContain(
      'DOCUMENT_QUOTA_BYTES must be a whole number from 1 to',
    );
  });
});

// Migrations may run as another (owner) role than the one the API serves with.
describe('MIGRATION_DATABASE_URL', () => {
  it('is optional, and taken as the migration owner when set', () => {
    expect(loadConfig({}).migrationDatabaseUrl).toBeUndefined();
    expect(loadConfig({ MIGRATION_DATABASE_URL: 'postgres://owner:pw@db/medora' }).migrationDatabaseUrl).toBe(
      'postgres://owner:pw@db/medora',
    );
  });

  it('must be a postgres URL, and its password stays hidden in the error', () => {
    const message = errorOf({ MIGRATION_DATABASE_URL: 'mysql://owner:secret@db/x' }).message;
    expect(message).toContain('MIGRATION_DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(message).not.toContain('secret');
  });

  // Production fails closed and does not migrate or publish the API document
  // unless told to.
  describe('in production', () => {
    const prod = { ...PROD_SETTINGS, NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'medora-prod' };

    it('refuses to start without DATABASE_URL (the embedded PostgreSQL is local only)', () => {
      expect(errorOf(prod).message).toContain('DATABASE_URL is required with NODE_ENV=production');
      expect(() => loadConfig({ ...prod, DATABASE_URL: 'postgres://u:p@db/medora' })).not.toThrow();
    });

    it('refuses a demo project and the Auth emulator, listing both with the missing database', () => {
      const error = errorOf({
        ...PROD_SETTINGS,
        NODE_ENV: 'production',
        FIREBASE_PROJECT_ID: 'demo-medora',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      });
      expect(error.problems).toEqual([
        expect.stringContaining('FIREBASE_AUTH_EMULATOR_HOST is set with NODE_ENV=production'),
        expect.stringContaining('DATABASE_URL is required with NODE_ENV=production'),
      ]);
      expect(
        errorOf({
          NODE_ENV: 'production',
          DATABASE_URL: 'postgres://db/m',
          FIREBASE_PROJECT_ID: 'demo-medora',
        }).message,
      ).toContain("FIREBASE_PROJECT_ID 'demo-medora' is a demo project");
    });

    it('refuses to start without a service account: every token’s revocation check needs one', () => {
      const { GOOGLE_APPLICATION_CREDENTIALS: _, ...without } = prod;
      expect(errorOf({ ...without, DATABASE_URL: 'postgres://db/m' }).problems).toEqual([
        expect.stringMatching(
          /^GOOGLE_APPLICATION_CREDENTIALS is required with NODE_ENV=production .*revocation/,
        ),
      ]);
      // Outside production the emulator verifies tokens: no key needed.
      expect(() => loadConfig({ DATABASE_URL: 'postgres://db/m' })).not.toThrow();
    });

    it('serves metrics in production only behind METRICS_TOKEN', () => {
      const base = { ...prod, DATABASE_URL: 'postgres://db/m', METRICS_PORT: '9464' };
      expect(errorOf(base).problems).toEqual([
        expect.stringMatching(/^METRICS_TOKEN is required with NODE_ENV=production when METRICS_PORT is set/),
      ]);
      expect(loadConfig({ ...base, METRICS_TOKEN: 'a'.repeat(32) }).metrics?.token).toBe('a'.repeat(32));
      // Outside production, or without metrics, no token is needed.
      expect(() => loadConfig({ METRICS_PORT: '9464' })).not.toThrow();
    });

    it('neither migrates on boot nor serves the OpenAPI document by default; both can be turned on', () => {
      const url = { ...prod, DATABASE_URL: 'postgres://u:p@db/medora' };
      expect(loadConfig(url)).toMatchObject({ migrateOnBoot: false, openapiPublic: false });
      expect(loadConfig({ ...url, MIGRATE_ON_BOOT: 'true', OPENAPI_PUBLIC: 'true' })).toMatchObject({
        migrateOnBoot: true,
        openapiPublic: true,
      });
      expect(loadConfig({})).toMatchObject({ migrateOnBoot: true, openapiPublic: true });
      expect(loadConfig({ MIGRATE_ON_BOOT: 'false' }).migrateOnBoot).toBe(false);
      expect(errorOf({ OPENAPI_PUBLIC: 'sometimes' }).message).toContain(
        "OPENAPI_PUBLIC must be true or false (got 'sometimes')",
      );
    });
  });

  it('bounds statements, requests and shutdown by default and takes each bound from the environment', () => {
    expect(loadConfig({})).toMatchObject({
      dbStatementTimeoutMs: 5_000,
      requestTimeoutMs: 30_000,
      shutdownGraceMs: 10_000,
    });
    expect(
      loadConfig({ DB_STATEMENT_TIMEOUT_MS: '250', REQUEST_TIMEOUT_MS: '1000', SHUTDOWN_GRACE_MS: '0' }),
    ).toMatchObject({ dbStatementTimeoutMs: 250, requestTimeoutMs: 1000, shutdownGraceMs: 0 });
    expect(errorOf({ DB_STATEMENT_TIMEOUT_MS: '0' }).message).toContain(
      "DB_STATEMENT_TIMEOUT_MS must be a whole number from 1 to 600000 (got '0')",
    );
  });

  it('reads the job queue settings with their defaults and bounds', () => {
    expect(loadConfig({}).jobs).toEqual({
      mailAttempts: 5,
      retryDelaySeconds: 30,
      retryMaxDelaySeconds: 3_600,
      pollSeconds: 2,
      sweepBatch: 200,
    });
    expect(
      loadConfig({
        MAIL_ATTEMPTS: '3',
        MAIL_RETRY_DELAY_SECONDS: '1',
        MAIL_RETRY_MAX_DELAY_SECONDS: '60',
        JOBS_POLL_SECONDS: '1',
        REMINDER_SWEEP_BATCH: '50',
      }).jobs,
    ).toEqual({
      mailAttempts: 3,
      retryDelaySeconds: 1,
      retryMaxDelaySeconds: 60,
      pollSeconds: 1,
      sweepBatch: 50,
    });
    expect(errorOf({ MAIL_ATTEMPTS: '0' }).message).toContain(
      "MAIL_ATTEMPTS must be a whole number from 1 to 50 (got '0')",
    );
  });

  // Production sends real mail with real links, or does not start.
  describe('e-mail', () => {
    it('requires an https:// PUBLIC_APP_URL in production (RFC 8058 one-click links carry tokens)', () => {
      const env = {
        ...PROD_SETTINGS,
        NODE_ENV: 'production',
        FIREBASE_PROJECT_ID: 'medora-prod',
        DATABASE_URL: 'postgres://db/m',
      };
      expect(errorOf({ ...env, PUBLIC_APP_URL: 'http://medora.example' }).problems).toEqual([
        expect.stringContaining('PUBLIC_APP_URL must be an https:// URL with NODE_ENV=production'),
      ]);
      expect(loadConfig({ ...env, PUBLIC_APP_URL: 'https://medora.example' }).mail.appUrl).toBe(
        'https://medora.example',
      );
      // Outside production a local http address is fine.
      expect(loadConfig({ PUBLIC_APP_URL: 'http://localhost:8080' }).mail.appUrl).toBe(
        'http://localhost:8080',
      );
    });

    it('requires SMTP_URL, MAIL_FROM, MAIL_LINK_SECRET and PUBLIC_APP_URL in production, one line each', () => {
      const problems = errorOf({
        NODE_ENV: 'production',
        FIREBASE_PROJECT_ID: 'medora-prod',
        DATABASE_URL: 'postgres://db/m',
        GOOGLE_APPLICATION_CREDENTIALS: PROD_SETTINGS.GOOGLE_APPLICATION_CREDENTIALS,
      }).problems;
      expect(problems).toEqual([
        expect.stringContaining('SMTP_URL is required with NODE_ENV=production'),
        expect.stringContaining('MAIL_FROM is required with NODE_ENV=production'),
        expect.stringContaining('MAIL_LINK_SECRET is required with NODE_ENV=production'),
        expect.stringContaining('PUBLIC_APP_URL is required with NODE_ENV=production'),
      ]);
      expect(
        loadConfig({
          ...PROD_SETTINGS,
          NODE_ENV: 'production',
          FIREBASE_PROJECT_ID: 'medora-prod',
          DATABASE_URL: 'postgres://db/m',
        }).mail,
      ).toEqual({
        smtpUrl: PROD_SETTINGS.SMTP_URL,
        from: PROD_SETTINGS.MAIL_FROM,
        linkSecret: PROD_SETTINGS.MAIL_LINK_SECRET,
        appUrl: 'https://medora.example',
      });
    });

    it('runs without SMTP (the local sink) outside production, links to the first CORS origin', () => {
      expect(loadConfig({ CORS_ORIGIN: 'http://localhost:9000/,http://127.0.0.1:9000' }).mail).toMatchObject({
        smtpUrl: undefined,
        appUrl: 'http://localhost:9000',
      });
    });

    it('without MAIL_LINK_SECRET outside production, signs links with a random key, never a constant', () => {
      const a = loadConfig({}).mail.linkSecret;
      const b = loadConfig({}).mail.linkSecret;
      expect(a).toMatch(/^[0-9a-f]{64}$/);
      expect(a).not.toBe(b);
      expect(a).not.toBe('medora-local-only-mail-link-secret-never-in-production');
    });

    it.each([
      [{ SMTP_URL: 'http://smtp.example.com' }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
      [{ MAIL_FROM: 'nobody' }, 'MAIL_FROM must be an address'],
      [{ MAIL_LINK_SECRET: 'short' }, 'MAIL_LINK_SECRET must be at least 32 printable characters'],
      [{ PUBLIC_APP_URL: 'medora.example' }, 'PUBLIC_APP_URL must be an http(s) URL'],
    ])('refuses %p', (env, message) => {
      expect(errorOf(env).message).toContain(message);
    });
  });
});

describe('secrets in connection URLs', () => {
  // One secret per character class: what `openssl rand -base64` gives (/ + =), URL delimiters,
  // percent and space, other punctuation, and non-ASCII.
  const SECRETS = {
    'letters and digits': 'aZ09aZ09aZ09',
    base64: 'ab/cd+ef==',
    'URL delimiters': 'p@ss:w#rd?x',
    'percent and space': '100% sure ok',
    punctuation: '~!$&\'()*,;[]"<>\\^`{|}',
    'non-ASCII': 'pässwörd-密码',
  };
  const SETTINGS = {
    DATABASE_URL: (user: string, pw: string) => `postgres://${user}${pw}@db.example:5432/medora`,
    MIGRATION_DATABASE_URL: (user: string, pw: string) => `postgresql://${user}${pw}@db.example/medora`,
    REDIS_URL: (user: string, pw: string) => `redis://${user}${pw}@redis.example:6379`,
    SMTP_URL: (user: string, pw: string) => `smtps://${user}${pw}@smtp.example:465`,
  };
  const require = createRequire(import.meta.url);
  const smtpParse = (
    require('nodemailer/lib/shared/index.js') as {
      parseConnectionUrl: (url: string) => { auth?: { pass?: string } };
    }
  ).parseConnectionUrl;
  /** The password each setting's client reads from the URL (pg, ioredis, nodemailer). */
  const clientPassword: Record<keyof typeof SETTINGS, (url: string) => string | undefined> = {
    DATABASE_URL: (url) => parsePg(url).password,
    MIGRATION_DATABASE_URL: (url) => parsePg(url).password,
    REDIS_URL: (url) => parseRedisUrl(url).password as string | undefined,
    SMTP_URL: (url) => smtpParse(url).auth?.pass,
  };

  it.each(Object.entries(SECRETS))(
    'accepts a percent-encoded secret (%s) in every URL setting; its client reads the secret back',
    (_label, secret) => {
      for (const [name, url] of Object.entries(SETTINGS) as [
        keyof typeof SETTINGS,
        typeof SETTINGS.REDIS_URL,
      ][]) {
        for (const user of ['medora:', ':']) {
          const value = url(user, encodeURIComponent(secret));
          expect(() => loadConfig({ [name]: value })).not.toThrow();
          expect([name, user, clientPassword[name](value)]).toEqual([name, user, secret]);
        }
      }
    },
  );

  it.each(Object.entries(SECRETS).filter(([label]) => label !== 'letters and digits'))(
    'never prints a secret (%s) in a refusal, with or without a user name',
    (_label, secret) => {
      for (const [name, url] of Object.entries(SETTINGS)) {
        for (const user of ['medora:', ':', '']) {
          // Unencoded, or behind a wrong scheme: either way refused, and the line must not show it.
          for (const value of [url(user, secret), url(user, secret).replace(/^\w+:/, 'mysql:')]) {
            let message: string;
            try {
              loadConfig({ [name]: value });
              continue; // some unencoded secrets still make a valid URL; nothing is printed then
            } catch (error) {
              message = (error as Error).message;
            }
            expect([name, value, message.includes(secret)]).toEqual([name, value, false]);
            // No piece of it either, in what the line quotes of the value.
            const quoted = [...message.matchAll(/\(got '(.*?)'\)/g)].map((m) => m[1]).join(' ');
            for (const part of secret.split(/[^\p{L}\p{N}]+/u).filter((p) => p.length >= 2)) {
              expect([name, value, part, quoted.includes(part)]).toEqual([name, value, part, false]);
            }
          }
        }
      }
    },
  );

  it('tells how to fix a URL broken by its secret', () => {
    const message = errorOf({ REDIS_URL: 'redis://:ab/cd+ef=@redis.example:6379' }).message;
    expect(message).toContain(
      "REDIS_URL must be a redis:// or rediss:// URL (got 'redis://:***@redis.example:6379')",
    );
    expect(message).toContain('must be percent-encoded');
    expect(message).toContain('openssl rand -hex 32');
  });
});

describe('redactUrl', () => {
  it.each([
    ['postgres://medora:secret@db:5432/medora', 'postgres://medora:***@db:5432/medora'],
    ['redis://:secret@redis:6379', 'redis://:***@redis:6379'],
    ['redis://:se/cr#et@redis:6379', 'redis://:***@redis:6379'],
    ['redis://secret@redis:6379', 'redis://***@redis:6379'],
    ['postgres://db/medora?user=me&password=secret', 'postgres://db/medora?user=me&password=***'],
    ['redis://redis:6379', 'redis://redis:6379'],
  ])('%s → %s', (url, shown) => {
    expect(redactUrl(url)).toBe(shown);
  });
});
