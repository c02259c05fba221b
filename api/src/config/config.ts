import { createPrivateKey, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseTrustedProxies } from '../throttling/client-ip.js';

/**
 * LOG_LEVEL values: Nest's names (the ones this setting always took) and pino's `info`/`trace` for
 * operators used to those; `logging/logger-options.ts` maps each to the pino level (a typed record, so
 * a level added here must be mapped there).
 */
export const LOG_LEVELS = [
  'silent',
  'fatal',
  'error',
  'warn',
  'log',
  'info',
  'debug',
  'verbose',
  'trace',
] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Thrown by `loadConfig`; the message lists every bad value, one per line. */
export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** The repo root is the nearest folder above this file whose package.json declares workspaces. */
export function findRepoRoot(start: string = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        const json = JSON.parse(readFileSync(pkg, 'utf8')) as { workspaces?: unknown };
        if (json.workspaces) return dir;
      } catch {
        /* not a readable package.json: keep walking */
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(start, '..', '..', '..');
    dir = parent;
  }
}

/** Seconds a verified ID token is served from the cache before it is checked again. */
export const DEFAULT_TOKEN_CACHE_SECONDS = 30;

const got = (value: unknown) => `(got '${String(value)}')`;

const port = <F extends number | undefined>(name: string, fallback: F) =>
  z
    .string()
    .optional()
    .transform((raw, ctx): number | F => {
      if (raw === undefined || raw.trim() === '') return fallback;
      const n = Number(raw);
      if (!/^\d+$/.test(raw.trim()) || !Number.isInteger(n) || n < 1 || n > 65535) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a port number from 1 to 65535 ${got(raw)}`,
        });
        return z.NEVER;
      }
      return n;
    });

const positiveInt = (name: string, fallback: number, max: number) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return fallback;
      const n = Number(raw);
      if (!/^\d+$/.test(raw.trim()) || n < 1 || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a whole number from 1 to ${max} ${got(raw)}`,
        });
        return z.NEVER;
      }
      return n;
    });

const wholeNumber = (name: string, fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return fallback;
      const n = Number(raw);
      if (!/^\d+$/.test(raw.trim()) || n < min || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a whole number from ${min} to ${max} ${got(raw)}`,
        });
        return z.NEVER;
      }
      return n;
    });

/** A true/false setting; unset or empty gives `fallback` (undefined: the caller decides). */
const bool = <F extends boolean | undefined>(name: string, fallback: F) =>
  z
    .string()
    .optional()
    .transform((raw, ctx): boolean | F => {
      if (raw === undefined || raw.trim() === '') return fallback;
      const v = raw.trim().toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(v)) return true;
      if (['false', '0', 'no', 'off'].includes(v)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false ${got(raw)}` });
      return z.NEVER;
    });

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const enumOf = <T extends readonly [string, ...string[]]>(name: string, values: T, fallback: T[number]) =>
  z
    .string()
    .optional()
    .transform((raw, ctx): T[number] => {
      if (raw === undefined || raw.trim() === '') return fallback;
      if ((values as readonly string[]).includes(raw.trim())) return raw.trim() as T[number];
      ctx.addIssue({ code: 'custom', message: `${name} must be one of ${values.join(', ')} ${got(raw)}` });
      return z.NEVER;
    });

/**
 * Server-side encryption asked for each object. `none` by default: MinIO without a KMS refuses any
 * SSE header ("KMS is not configured"), and a bucket's own default encryption needs no header.
 */
export const S3_SSE_MODES = ['none', 'AES256', 'aws:kms'] as const;
export type S3Sse = (typeof S3_SSE_MODES)[number];

/** The environment the API reads. The keys are the env names (one place to look them up). */
export const envSchema = z.object({
  NODE_ENV: enumOf('NODE_ENV', ['development', 'production', 'test'] as const, 'development'),
  API_PORT: port('API_PORT', 3000),
  API_HOST: z
    .string()
    .optional()
    // Loopback by default: the dev gateway is on the same host; a container sets 0.0.0.0.
    .transform((v) => (v === undefined || v.trim() === '' ? '127.0.0.1' : v.trim())),
  DATABASE_URL: optionalText.superRefine((v, ctx) => {
    if (v === undefined) return;
    let ok: boolean;
    try {
      const u = new URL(v);
      ok = u.protocol === 'postgres:' || u.protocol === 'postgresql:';
    } catch {
      ok = false;
    }
    if (!ok) {
      ctx.addIssue({
        code: 'custom',
        message: `DATABASE_URL must be a postgres:// or postgresql:// URL (got '${redactUrl(v)}')${PERCENT_ENCODE_HINT}`,
      });
    }
  }),
  // The owner that runs migrations when DATABASE_URL is the API's restricted login role.
  MIGRATION_DATABASE_URL: optionalText.superRefine((v, ctx) => {
    if (v !== undefined && !isPostgresUrl(v)) {
      ctx.addIssue({
        code: 'custom',
        message: `MIGRATION_DATABASE_URL must be a postgres:// or postgresql:// URL (got '${redactUrl(v)}')${PERCENT_ENCODE_HINT}`,
      });
    }
  }),
  DATA_DIR: optionalText,
  EMBEDDED_PG_PORT: port('EMBEDDED_PG_PORT', 5433),
  FIREBASE_PROJECT_ID: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return 'demo-medora';
      if (!/^[a-z][a-z0-9-]{3,62}$/.test(raw.trim())) {
        ctx.addIssue({
          code: 'custom',
          message: `FIREBASE_PROJECT_ID must be a Firebase project id (lowercase letters, digits, dashes) ${got(raw)}`,
        });
        return z.NEVER;
      }
      return raw.trim();
    }),
  FIREBASE_AUTH_EMULATOR_HOST: optionalText.superRefine((v, ctx) => {
    if (v !== undefined && !/^[\w.-]+:\d{1,5}$/.test(v)) {
      ctx.addIssue({
        code: 'custom',
        message: `FIREBASE_AUTH_EMULATOR_HOST must be host:port, e.g. 127.0.0.1:9099 ${got(v)}`,
      });
    }
  }),
  GOOGLE_APPLICATION_CREDENTIALS: optionalText,
  CORS_ORIGIN: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = raw === undefined || raw.trim() === '' ? 'http://localhost:8080' : raw;
      const origins = value
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean);
      const bad = origins.filter((o) => {
        try {
          const u = new URL(o);
          return !(u.protocol === 'http:' || u.protocol === 'https:') || u.origin !== o.replace(/\/$/, '');
        } catch {
          return true;
        }
      });
      if (bad.length > 0 || origins.length === 0) {
        ctx.addIssue({
          code: 'custom',
          message: `CORS_ORIGIN must be a comma-separated list of origins like http://localhost:8080 ${got(raw)}`,
        });
        return z.NEVER;
      }
      return origins.map((o) => o.replace(/\/$/, ''));
    }),
  LOG_LEVEL: enumOf('LOG_LEVEL', LOG_LEVELS, 'log'),
  SEED_DEMO_DATA: bool('SEED_DEMO_DATA', false),
  DB_POOL_SIZE: positiveInt('DB_POOL_SIZE', 10, 100),
  // Months of audit rows to keep; unset (0): kept for ever.
  AUDIT_RETENTION_MONTHS: positiveInt('AUDIT_RETENTION_MONTHS', 0, 1200),
  SUMMARY_LLM_URL: optionalText.superRefine((v, ctx) => {
    if (v === undefined) return;
    try {
      const u = new URL(v);
      if (u.protocol === 'http:' || u.protocol === 'https:') return;
    } catch {
      /* reported below */
    }
    ctx.addIssue({ code: 'custom', message: `SUMMARY_LLM_URL must be an http(s) URL ${got(v)}` });
  }),
  SUMMARY_LLM_MODEL: optionalText,
  SUMMARY_LLM_API_KEY: optionalText,
  // Shown at once to a patient who discloses self-harm or suicide intent (defaults: UK numbers).
  CRISIS_EMERGENCY_NUMBER: z.string().trim().min(1).max(40).default('999'),
  CRISIS_LINE_NAME: z.string().trim().min(1).max(120).default('Samaritans'),
  CRISIS_LINE_NUMBER: z.string().trim().min(1).max(40).default('116 123'),
  // How long after the last closed visit its doctor still reads the patient's record
  // (docs/security.md#access-rules).
  CARE_ACCESS_DAYS: positiveInt('CARE_ACCESS_DAYS', 30, 3650),
  BOOKING_MAX_PER_HOUR: positiveInt('BOOKING_MAX_PER_HOUR', 5, 10_000),
  BOOKING_MAX_UPCOMING: positiveInt('BOOKING_MAX_UPCOMING', 10, 10_000),
  // Request rate limits (docs/product.md#limits), per user and per client IP, in a fixed window that starts
  // with a key's first request; with REDIS_URL every API process shares the counts
  // (`throttling/request-counter.ts`).
  RATE_LIMIT_WINDOW_SECONDS: positiveInt('RATE_LIMIT_WINDOW_SECONDS', 60, 86_400),
  RATE_LIMIT_SIGN_IN_PER_USER: positiveInt('RATE_LIMIT_SIGN_IN_PER_USER', 60, 1_000_000),
  RATE_LIMIT_SIGN_IN_PER_IP: positiveInt('RATE_LIMIT_SIGN_IN_PER_IP', 300, 1_000_000),
  RATE_LIMIT_UPLOAD_PER_USER: positiveInt('RATE_LIMIT_UPLOAD_PER_USER', 60, 1_000_000),
  RATE_LIMIT_UPLOAD_PER_IP: positiveInt('RATE_LIMIT_UPLOAD_PER_IP', 120, 1_000_000),
  RATE_LIMIT_BOOKING_PER_USER: positiveInt('RATE_LIMIT_BOOKING_PER_USER', 20, 1_000_000),
  RATE_LIMIT_BOOKING_PER_IP: positiveInt('RATE_LIMIT_BOOKING_PER_IP', 120, 1_000_000),
  RATE_LIMIT_WRITE_PER_USER: positiveInt('RATE_LIMIT_WRITE_PER_USER', 60, 1_000_000),
  RATE_LIMIT_WRITE_PER_IP: positiveInt('RATE_LIMIT_WRITE_PER_IP', 600, 1_000_000),
  RATE_LIMIT_AUTOSAVE_PER_USER: positiveInt('RATE_LIMIT_AUTOSAVE_PER_USER', 120, 1_000_000),
  RATE_LIMIT_AUTOSAVE_PER_IP: positiveInt('RATE_LIMIT_AUTOSAVE_PER_IP', 1200, 1_000_000),
  RATE_LIMIT_EXPORT_PER_USER: positiveInt('RATE_LIMIT_EXPORT_PER_USER', 10, 1_000_000),
  RATE_LIMIT_EXPORT_PER_IP: positiveInt('RATE_LIMIT_EXPORT_PER_IP', 60, 1_000_000),
  // The proxies whose X-Forwarded-For is believed, and per-patient document storage.
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const parsed = parseTrustedProxies(raw);
      if ('proxies' in parsed) return parsed.proxies;
      ctx.addIssue({
        code: 'custom',
        message: `TRUSTED_PROXIES must be comma-separated IP addresses or CIDRs (e.g. 127.0.0.1,::1,10.0.0.0/8) or none; not ${parsed.invalid.map((e) => `'${e}'`).join(', ')}`,
      });
      return z.NEVER;
    }),
  DOCUMENT_QUOTA_FILES: positiveInt('DOCUMENT_QUOTA_FILES', 200, 1_000_000),
  DOCUMENT_QUOTA_BYTES: positiveInt('DOCUMENT_QUOTA_BYTES', 500 * 1024 * 1024, 2 ** 40),
  // How long a verified ID token is trusted before Firebase is asked again (revocation,
  // disabled or deleted account). 0 verifies every request; at most 60 so access ends within a minute.
  TOKEN_CACHE_SECONDS: wholeNumber('TOKEN_CACHE_SECONDS', DEFAULT_TOKEN_CACHE_SECONDS, 0, 60),
  // Dev routes and demo accounts (POST /api/dev/demo-session) exist only in this explicit mode.
  MEDORA_LOCAL_MODE: bool('MEDORA_LOCAL_MODE', false),
  // Prometheus metrics on their own port (off when unset), optionally behind a token.
  METRICS_PORT: port('METRICS_PORT', undefined),
  METRICS_HOST: optionalText,
  METRICS_TOKEN: optionalText.superRefine((v, ctx) => {
    if (v !== undefined && !/^[\x21-\x7e]{16,}$/.test(v)) {
      ctx.addIssue({
        code: 'custom',
        message: 'METRICS_TOKEN must be at least 16 printable characters without spaces (a random secret)',
      });
    }
  }),
  // Shared state of several API processes. REDIS_URL → rate limits in Redis;
  // S3_BUCKET (with the rest of S3_*) → document, credential and prescription bytes in object storage.
  REDIS_URL: optionalText.superRefine((v, ctx) => {
    if (v !== undefined && !/^rediss?:$/.test(safeProtocol(v))) {
      ctx.addIssue({
        code: 'custom',
        message: `REDIS_URL must be a redis:// or rediss:// URL (got '${redactUrl(v)}')${PERCENT_ENCODE_HINT}`,
      });
    }
  }),
  REDIS_KEY_PREFIX: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return 'medora:';
      if (!/^[\w.:-]{1,64}$/.test(raw.trim())) {
        ctx.addIssue({
          code: 'custom',
          message: `REDIS_KEY_PREFIX must be 1 to 64 letters, digits or . : _ - ${got(raw)}`,
        });
        return z.NEVER;
      }
      return raw.trim();
    }),
  S3_ENDPOINT: optionalText.superRefine((v, ctx) => {
    if (v !== undefined && !/^https?:$/.test(safeProtocol(v))) {
      ctx.addIssue({ code: 'custom', message: `S3_ENDPOINT must be an http(s) URL ${got(v)}` });
    }
  }),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: bool('S3_FORCE_PATH_STYLE', false),
  S3_SSE: enumOf('S3_SSE', S3_SSE_MODES, 'none'),
  S3_SSE_KMS_KEY_ID: optionalText,
  // Operation in production — boot-time migrations, the OpenAPI document, timeouts and
  // graceful shutdown. Unset booleans default by NODE_ENV (on outside production, off in production).
  MIGRATE_ON_BOOT: bool('MIGRATE_ON_BOOT', undefined),
  OPENAPI_PUBLIC: bool('OPENAPI_PUBLIC', undefined),
  DB_STATEMENT_TIMEOUT_MS: positiveInt('DB_STATEMENT_TIMEOUT_MS', 5_000, 600_000),
  REQUEST_TIMEOUT_MS: positiveInt('REQUEST_TIMEOUT_MS', 30_000, 600_000),
  SHUTDOWN_GRACE_MS: wholeNumber('SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
  SHUTDOWN_DELAY_MS: wholeNumber('SHUTDOWN_DELAY_MS', 0, 0, 120_000),
  // The job queue in Postgres (pg-boss). A mail job is tried MAIL_ATTEMPTS times, the
  // delay doubling from MAIL_RETRY_DELAY_SECONDS up to MAIL_RETRY_MAX_DELAY_SECONDS, then dead-lettered.
  MAIL_ATTEMPTS: positiveInt('MAIL_ATTEMPTS', 5, 50),
  MAIL_RETRY_DELAY_SECONDS: positiveInt('MAIL_RETRY_DELAY_SECONDS', 30, 86_400),
  MAIL_RETRY_MAX_DELAY_SECONDS: positiveInt('MAIL_RETRY_MAX_DELAY_SECONDS', 3_600, 604_800),
  JOBS_POLL_SECONDS: positiveInt('JOBS_POLL_SECONDS', 2, 600),
  REMINDER_SWEEP_BATCH: positiveInt('REMINDER_SWEEP_BATCH', 200, 10_000),
  // E-mail. Unset SMTP_URL outside production: an in-process SMTP sink (/dev/mailbox).
  SMTP_URL: optionalText.superRefine((v, ctx) => {
    if (v !== undefined && !/^smtps?:$/.test(safeProtocol(v))) {
      ctx.addIssue({
        code: 'custom',
        message: `SMTP_URL must be an smtp:// or smtps:// URL (got '${redactUrl(v)}')${PERCENT_ENCODE_HINT}`,
      });
    }
  }),
  MAIL_FROM: optionalText.superRefine((v, ctx) => {
    if (v !== undefined && !/^[^<>@\s]+@[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+>$/.test(v)) {
      ctx.addIssue({
        code: 'custom',
        message: `MAIL_FROM must be an address, e.g. Medora <no-reply@clinic.example> ${got(v)}`,
      });
    }
  }),
  MAIL_LINK_SECRET: optionalText.superRefine((v, ctx) => {
    if (v !== undefined && !/^[\x21-\x7e]{32,}$/.test(v)) {
      ctx.addIssue({
        code: 'custom',
        message: 'MAIL_LINK_SECRET must be at least 32 printable characters without spaces (a random secret)',
      });
    }
  }),
  // DKIM (RFC 6376): all three or none (dkimProblems); the key is checked when the config loads.
  DKIM_DOMAIN: optionalText.superRefine((v, ctx) => {
    if (v !== undefined && !/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(v)) {
      ctx.addIssue({
        code: 'custom',
        message: `DKIM_DOMAIN must be a domain name, e.g. clinic.example ${got(v)}`,
      });
    }
  }),
  DKIM_SELECTOR: optionalText.superRefine((v, ctx) => {
    if (
      v !== undefined &&
      !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(v)
    ) {
      ctx.addIssue({
        code: 'custom',
        message: `DKIM_SELECTOR must be a DNS label, e.g. medora2026 ${got(v)}`,
      });
    }
  }),
  DKIM_PRIVATE_KEY: optionalText
    // One line in an env file: "\n" stands for a line break of the PEM.
    .transform((v) => v?.replace(/\\n/g, '\n'))
    .superRefine((v, ctx) => {
      if (v === undefined) return;
      try {
        const key = createPrivateKey(v);
        // nodemailer signs rsa-sha256 only.
        if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
      } catch {
        // Never echo the value: it is a secret.
        ctx.addIssue({
          code: 'custom',
          message: 'DKIM_PRIVATE_KEY must be an RSA private key in PEM (line breaks may be written \\n)',
        });
      }
    }),
  PUBLIC_APP_URL: optionalText.superRefine((v, ctx) => {
    if (v !== undefined && !/^https?:$/.test(safeProtocol(v))) {
      ctx.addIssue({ code: 'custom', message: `PUBLIC_APP_URL must be an http(s) URL ${got(v)}` });
    }
  }),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Set when an external Postgres is used; otherwise main.ts starts the embedded one. */
  databaseUrl: string | undefined;
  /**
   * The owner that runs migrations (MIGRATION_DATABASE_URL); unset: DATABASE_URL (or the embedded
   * server's superuser) runs them. Either way the API then serves traffic as the role `medora_app`
   * (api/src/database/app-role.ts), which may only INSERT and SELECT on audit_log.
   */
  migrationDatabaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  firebaseProjectId: string;
  firebaseAuthEmulatorHost: string | undefined;
  googleApplicationCredentials: string | undefined;
  corsOrigins: string[];
  logLevel: LogLevel;
  seedDemoData: boolean;
  dbPoolSize: number;
  /**
   * Audit rows older than this many months are deleted, as the owner, at boot and by
   * `npm run audit:retention -w @medora/api`; null keeps them for ever (the default).
   */
  auditRetentionMonths: number | null;
  /** Where a patient who discloses self-harm intent is sent at once (CRISIS_* settings). */
  crisis: { emergencyNumber: string; lineName: string; lineNumber: string };
  /** Optional LLM engine of the clinical summary; undefined → deterministic only. */
  summaryLlm: { url: string; model: string; apiKey?: string } | undefined;
  /**
   * Days after a doctor's last Completed / No-Show appointment with a patient during which they still
   * read the patient's record (up to that visit); an open appointment grants it meanwhile.
   */
  careAccessDays: number;
  /** Per-user booking throttle: bookings in the last hour, and active upcoming appointments. */
  booking: { maxPerHour: number; maxUpcoming: number };
  /** Request rate limits; see `RateLimitConfig`. */
  rateLimit: RateLimitConfig;
  /**
   * Addresses/CIDRs of the proxies whose X-Forwarded-For entry is believed (Fastify `trustProxy`);
   * the rate limits count by the resulting `request.ip`. Empty: the socket address only.
   */
  trustedProxies: string[];
  /** Per-patient document storage: at most this many files and bytes. */
  documentQuota: { maxFiles: number; maxBytes: number };
  /**
   * Longest time a verified ID token is trusted without asking Firebase again whether its account is
   * disabled, deleted or revoked; 0 checks on every request.
   */
  tokenCacheMs: number;
  /**
   * Explicit local mode (MEDORA_LOCAL_MODE): the dev routes and demo accounts exist. Never with
   * NODE_ENV=production, and only against the Auth emulator.
   */
  localMode: boolean;
  /**
   * Prometheus metrics: served at `GET /metrics` on their own port, never on the API's
   * port; with a token, only to `Authorization: Bearer <token>`. Undefined: no metrics are collected.
   */
  metrics: MetricsConfig | undefined;
  /** Redis of the rate limits (REDIS_URL); undefined → counted in this process's memory. */
  redis: { url: string; keyPrefix: string } | undefined;
  /** Object storage of file bytes (S3_*); undefined → Postgres bytea (the embedded default). */
  s3: S3Config | undefined;
  /**
   * Apply pending migrations (and the demo seed) when the API starts (MIGRATE_ON_BOOT; default on
   * outside production, off in production, where `npm run migrate` does it once for every replica).
   */
  migrateOnBoot: boolean;
  /** Serve the OpenAPI UI and JSON at /api/docs (OPENAPI_PUBLIC; default on outside production). */
  openapiPublic: boolean;
  /** Postgres `statement_timeout` of the serving pool (a longer statement is cancelled: 503). */
  dbStatementTimeoutMs: number;
  /** Longest a request may take before the API answers 503 instead of keeping the client waiting. */
  requestTimeoutMs: number;
  /** On SIGTERM, how long in-flight requests may take to finish before the process closes anyway. */
  shutdownGraceMs: number;
  /** On SIGTERM, how long readiness says 503 while requests are still served, before the drain. */
  shutdownDelayMs: number;
  /** The job queue: mail retries and the reminder sweep; see `JobsConfig`. */
  jobs: JobsConfig;
  /** E-mail; see `MailConfig`. */
  mail: MailConfig;
}

export interface JobsConfig {
  /** Tries of one mail job (the first and its retries) before it is dead-lettered. */
  mailAttempts: number;
  /** Delay before the first retry; each next one doubles (with jitter), at most `retryMaxDelaySeconds`. */
  retryDelaySeconds: number;
  retryMaxDelaySeconds: number;
  /** How often an idle worker asks Postgres for a job. */
  pollSeconds: number;
  /** Most reminders one sweep records per transaction (it loops while batches come back full). */
  sweepBatch: number;
}

export interface MailConfig {
  /** SMTP_URL; undefined (never in production): the API runs an in-process SMTP sink (/dev/mailbox). */
  smtpUrl: string | undefined;
  /** The From of every message (MAIL_FROM). */
  from: string;
  /** HMAC key of the links a mail carries (the one-click unsubscribe; MAIL_LINK_SECRET). */
  linkSecret: string;
  /** Where the shell is served, for the links in a mail (PUBLIC_APP_URL; default the first CORS origin). */
  appUrl: string;
  /** DKIM_*: every message is signed for this domain (nodemailer's `dkim` option); unset, unsigned. */
  dkim: { domainName: string; keySelector: string; privateKey: string } | undefined;
}

/**
 * Outside production only, when MAIL_LINK_SECRET is unset: a random key for this process, so no
 * constant anyone could read in the source ever signs a link (links then last until a restart).
 * `npm start` passes a key of its own install instead (kept under DATA_DIR, see scripts/lib/stack.ts),
 * so the local sink's links survive restarts. Production refuses to start without MAIL_LINK_SECRET.
 */
function processMailLinkSecret(): string {
  return randomBytes(32).toString('hex');
}

export interface MetricsConfig {
  port: number;
  host: string;
  token: string | undefined;
}

export interface S3Config {
  /** Unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the SDK's default credential chain (instance role, AWS_* env). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Path-style URLs (`endpoint/bucket/key`), which MinIO and s3rver need. */
  forcePathStyle: boolean;
  /** S3_SSE, and with `aws:kms` the key (S3_SSE_KMS_KEY_ID; unset: the account's default key). */
  sse: { mode: S3Sse; kmsKeyId: string | undefined };
}

/**
 * The route classes that are rate limited: sign-in-adjacent routes, uploads, booking, every other
 * write, the draft's autosave (a save every second or so while typing) and exports. Every write route
 * declares one (`@RateLimit`); a test walks the route table for routes without.
 */
export const RATE_LIMIT_POLICIES = ['signIn', 'upload', 'booking', 'write', 'autosave', 'export'] as const;
export type RateLimitPolicy = (typeof RATE_LIMIT_POLICIES)[number];

export interface RateLimitConfig {
  /** Length of the fixed window every limit counts in; it starts with a key's first request. */
  windowMs: number;
  /** Requests per window of one group: per verified uid, and per client IP (all callers together). */
  policies: Record<RateLimitPolicy, { perUser: number; perIp: number }>;
}

/** The URL's protocol (`redis:`), or '' when it is not a URL. */
function safeProtocol(value: string): string {
  try {
    return new URL(value).protocol;
  } catch {
    return '';
  }
}

function isPostgresUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'postgres:' || u.protocol === 'postgresql:';
  } catch {
    return false;
  }
}

/**
 * Hides the password of a connection URL in messages, with or without a user name, whether the URL
 * parses or not. The password may hold any character (an unencoded `/`, `#` or `?` included), so
 * everything from `://` to the last `@` but the user name is masked, as is a `password=` parameter.
 */
export function redactUrl(url: string): string {
  const masked = url.replace(/([?&](?:password|pass|pwd)=)[^&#]*/gi, '$1***');
  const scheme = /^[a-z][\w+.-]*:\/\//i.exec(masked)?.[0] ?? '';
  const rest = masked.slice(scheme.length);
  const at = rest.lastIndexOf('@');
  if (at < 0) return masked;
  const userinfo = rest.slice(0, at);
  const user = userinfo.slice(0, Math.max(userinfo.indexOf(':'), 0));
  // Without a colon the userinfo may be a password alone (redis://secret@host); a "user" with
  // characters a user name cannot have unencoded is part of a password: hide all of it then.
  const shown = userinfo.includes(':') && /^[\w.~%-]*$/.test(user) ? `${user}:***` : '***';
  return `${scheme}${shown}@${rest.slice(at + 1)}`;
}

/** Appended to a refused connection URL: the usual cause is a secret with URL-breaking characters. */
const PERCENT_ENCODE_HINT =
  '; a password with / + = @ : # ? % or spaces must be percent-encoded (encodeURIComponent), ' +
  'or generate it with `openssl rand -hex 32`';

/** Parses and checks the environment; throws a ConfigError listing every bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  // A demo- project has no real keys: tokens can only come from the Auth emulator.
  const projectId = env.FIREBASE_PROJECT_ID?.trim() || 'demo-medora';
  if (env.NODE_ENV?.trim() === 'production' && !env.FIREBASE_PROJECT_ID?.trim()) {
    problems.push(
      'FIREBASE_PROJECT_ID is required with NODE_ENV=production: the id of the Firebase project whose ID tokens the API accepts',
    );
  } else if (
    env.NODE_ENV?.trim() === 'production' &&
    projectId.startsWith('demo-') &&
    !env.FIREBASE_AUTH_EMULATOR_HOST?.trim()
  ) {
    problems.push(
      `FIREBASE_PROJECT_ID '${projectId}' is a demo project, which only works with the Auth emulator ` +
        '(never in production): use a real project id in production',
    );
  }
  // The emulator accepts unsigned tokens and anyone can mint accounts there, so a production
  // API must never trust it; likewise the demo routes hand out sessions and never run in production.
  const production = env.NODE_ENV?.trim() === 'production';
  if (production && env.FIREBASE_AUTH_EMULATOR_HOST?.trim()) {
    problems.push(
      'FIREBASE_AUTH_EMULATOR_HOST is set with NODE_ENV=production: the Auth emulator accepts unsigned ' +
        'tokens. Use a real Firebase project in production, or run locally with NODE_ENV=development',
    );
  }
  const localMode = parsed.success && parsed.data.MEDORA_LOCAL_MODE;
  if (localMode && production) {
    problems.push(
      'MEDORA_LOCAL_MODE=true is not allowed with NODE_ENV=production (it enables demo sign-ins)',
    );
  }
  if (localMode && !env.FIREBASE_AUTH_EMULATOR_HOST?.trim()) {
    problems.push(
      'MEDORA_LOCAL_MODE=true needs FIREBASE_AUTH_EMULATOR_HOST (demo accounts live in the emulator)',
    );
  }
  if (parsed.success) problems.push(...s3Problems(parsed.data), ...dkimProblems(parsed.data));
  // Production fails closed — a real database, never the embedded one.
  if (production && !env.DATABASE_URL?.trim()) {
    problems.push(
      'DATABASE_URL is required with NODE_ENV=production (the embedded PostgreSQL is for local use only)',
    );
  }
  // Every ID token is checked for revocation, and that call to Firebase's Admin API needs a service
  // account: without one every sign-in would fail (401) although the API looked healthy.
  const credentials = env.GOOGLE_APPLICATION_CREDENTIALS?.trim();
  if (production && !credentials) {
    problems.push(
      'GOOGLE_APPLICATION_CREDENTIALS is required with NODE_ENV=production (the path of the Firebase ' +
        "project's service-account key: the revocation check of every ID token needs it)",
    );
  }
  // Metrics name routes and count requests per status: in production only Prometheus may read them.
  if (production && env.METRICS_PORT?.trim() && !env.METRICS_TOKEN?.trim()) {
    problems.push(
      'METRICS_TOKEN is required with NODE_ENV=production when METRICS_PORT is set (Prometheus sends it as a Bearer token)',
    );
  }
  // Production sends real mail with real links, or does not start.
  if (production) {
    for (const [name, why] of [
      ['SMTP_URL', 'the local SMTP sink is for local use only'],
      ['MAIL_FROM', 'the sender of every e-mail'],
      ['MAIL_LINK_SECRET', 'it signs the unsubscribe links'],
      ['PUBLIC_APP_URL', 'the links in e-mails point there'],
    ] as const) {
      if (!env[name]?.trim()) problems.push(`${name} is required with NODE_ENV=production (${why})`);
    }
    // One-click unsubscribe (RFC 8058 §3) needs an HTTPS link, and a mail link's token must not travel
    // in clear.
    const appUrl = env.PUBLIC_APP_URL?.trim();
    if (appUrl && /^https?:\/\//i.test(appUrl) && !/^https:\/\//i.test(appUrl)) {
      problems.push(
        `PUBLIC_APP_URL must be an https:// URL with NODE_ENV=production (the links in e-mails carry tokens) ${got(appUrl)}`,
      );
    }
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const repoRoot = findRepoRoot();
  return {
    nodeEnv: e.NODE_ENV,
    port: e.API_PORT,
    host: e.API_HOST,
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    dataDir: path.resolve(repoRoot, e.DATA_DIR ?? '.data'),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    firebaseProjectId: e.FIREBASE_PROJECT_ID,
    firebaseAuthEmulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
    googleApplicationCredentials: e.GOOGLE_APPLICATION_CREDENTIALS,
    corsOrigins: e.CORS_ORIGIN,
    logLevel: e.LOG_LEVEL,
    seedDemoData: e.SEED_DEMO_DATA,
    dbPoolSize: e.DB_POOL_SIZE,
    auditRetentionMonths: e.AUDIT_RETENTION_MONTHS || null,
    crisis: {
      emergencyNumber: e.CRISIS_EMERGENCY_NUMBER,
      lineName: e.CRISIS_LINE_NAME,
      lineNumber: e.CRISIS_LINE_NUMBER,
    },
    summaryLlm:
      e.SUMMARY_LLM_URL && e.SUMMARY_LLM_MODEL
        ? { url: e.SUMMARY_LLM_URL, model: e.SUMMARY_LLM_MODEL, apiKey: e.SUMMARY_LLM_API_KEY }
        : undefined,
    careAccessDays: e.CARE_ACCESS_DAYS,
    booking: { maxPerHour: e.BOOKING_MAX_PER_HOUR, maxUpcoming: e.BOOKING_MAX_UPCOMING },
    rateLimit: {
      windowMs: e.RATE_LIMIT_WINDOW_SECONDS * 1000,
      policies: {
        signIn: { perUser: e.RATE_LIMIT_SIGN_IN_PER_USER, perIp: e.RATE_LIMIT_SIGN_IN_PER_IP },
        upload: { perUser: e.RATE_LIMIT_UPLOAD_PER_USER, perIp: e.RATE_LIMIT_UPLOAD_PER_IP },
        booking: { perUser: e.RATE_LIMIT_BOOKING_PER_USER, perIp: e.RATE_LIMIT_BOOKING_PER_IP },
        write: { perUser: e.RATE_LIMIT_WRITE_PER_USER, perIp: e.RATE_LIMIT_WRITE_PER_IP },
        autosave: { perUser: e.RATE_LIMIT_AUTOSAVE_PER_USER, perIp: e.RATE_LIMIT_AUTOSAVE_PER_IP },
        export: { perUser: e.RATE_LIMIT_EXPORT_PER_USER, perIp: e.RATE_LIMIT_EXPORT_PER_IP },
      },
    },
    trustedProxies: e.TRUSTED_PROXIES,
    documentQuota: { maxFiles: e.DOCUMENT_QUOTA_FILES, maxBytes: e.DOCUMENT_QUOTA_BYTES },
    tokenCacheMs: e.TOKEN_CACHE_SECONDS * 1000,
    localMode: e.MEDORA_LOCAL_MODE,
    metrics:
      e.METRICS_PORT === undefined
        ? undefined
        : { port: e.METRICS_PORT, host: e.METRICS_HOST ?? e.API_HOST, token: e.METRICS_TOKEN },
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? 'us-east-1',
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          sse: { mode: e.S3_SSE, kmsKeyId: e.S3_SSE_KMS_KEY_ID },
        }
      : undefined,
    migrateOnBoot: e.MIGRATE_ON_BOOT ?? e.NODE_ENV !== 'production',
    openapiPublic: e.OPENAPI_PUBLIC ?? e.NODE_ENV !== 'production',
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    jobs: {
      mailAttempts: e.MAIL_ATTEMPTS,
      retryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
      retryMaxDelaySeconds: e.MAIL_RETRY_MAX_DELAY_SECONDS,
      pollSeconds: e.JOBS_POLL_SECONDS,
      sweepBatch: e.REMINDER_SWEEP_BATCH,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? 'Medora <no-reply@medora.localhost>',
      linkSecret: e.MAIL_LINK_SECRET ?? processMailLinkSecret(),
      appUrl: (e.PUBLIC_APP_URL ?? e.CORS_ORIGIN[0]!).replace(/\/+$/, ''),
      dkim:
        e.DKIM_DOMAIN && e.DKIM_SELECTOR && e.DKIM_PRIVATE_KEY
          ? { domainName: e.DKIM_DOMAIN, keySelector: e.DKIM_SELECTOR, privateKey: e.DKIM_PRIVATE_KEY }
          : undefined,
    },
  };
}

/** DKIM_* sign only together: a key without its domain and selector would sign nothing verifiable. */
function dkimProblems(e: z.infer<typeof envSchema>): string[] {
  const set = [e.DKIM_DOMAIN, e.DKIM_SELECTOR, e.DKIM_PRIVATE_KEY].filter(Boolean).length;
  return set === 0 || set === 3
    ? []
    : ['DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY must be set together (all three or none)'];
}

/** S3_* settings that make sense only together: a bucket, and both halves of a key or neither. */
function s3Problems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  const anyS3 = [e.S3_ENDPOINT, e.S3_REGION, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY].some(Boolean);
  if (anyS3 && !e.S3_BUCKET) problems.push('S3_BUCKET is required when any other S3_* setting is set');
  if (e.S3_SSE_KMS_KEY_ID && e.S3_SSE !== 'aws:kms') {
    problems.push(`S3_SSE_KMS_KEY_ID is set but S3_SSE is '${e.S3_SSE}': set S3_SSE=aws:kms to use the key`);
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  return problems;
}

/** Nest injection token for the Config object. */
export const CONFIG = Symbol('CONFIG');
