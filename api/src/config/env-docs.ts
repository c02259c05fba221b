import type { envSchema } from './config.js';

/** An environment variable the API reads (a key of the env schema). */
export type EnvName = keyof typeof envSchema.shape;

/** Where a variable is listed in `docs/configuration.md`, in this order. */
export const ENV_GROUPS = [
  'Server',
  'Database',
  'Identity (Firebase Auth)',
  'Logs, metrics and API documentation',
  'Limits',
  'Several API processes: Redis and object storage',
  'E-mail and the job queue',
  'Clinical summary',
  'Local development',
] as const;

export interface EnvDoc {
  group: (typeof ENV_GROUPS)[number];
  /** What the variable changes, for an operator. */
  description: string;
  /** What happens when it is unset, where the schema's own default is no value (or not the whole story). */
  unset?: string;
  /** A value production accepts, for the variables production requires (the generator proves it starts). */
  productionExample?: string;
}

/**
 * The prose of `docs/configuration.md`. The names, defaults, accepted values and which variables
 * production requires are read from the schema and `loadConfig` themselves by
 * `scripts/docs-config.ts`, which refuses to write the page while a variable here is missing.
 */
export const ENV_DOCS = {
  NODE_ENV: {
    group: 'Server',
    description:
      '`production` fails closed: it needs a real database, a real Firebase project and real mail settings, and never starts the embedded PostgreSQL, the Auth emulator, dev routes or demo accounts.',
  },
  API_PORT: {
    group: 'Server',
    description: 'Port the API listens on. `npm start` derives it from `PORT_OFFSET` as well.',
  },
  API_HOST: {
    group: 'Server',
    description:
      'Address the API listens on. Loopback by default because the local gateway runs on the same host; a container sets `0.0.0.0`.',
  },
  CORS_ORIGIN: {
    group: 'Server',
    description:
      'Comma-separated browser origins allowed to call the API. The first one is also where e-mail links point when `PUBLIC_APP_URL` is unset.',
  },
  TRUSTED_PROXIES: {
    group: 'Server',
    description:
      'Proxies (IP addresses or CIDRs, comma-separated) whose `X-Forwarded-For` entry is believed; `none` believes no proxy. Rate limits and audit rows use the client address that results. The default is loopback, where the local gateway runs.',
  },
  REQUEST_TIMEOUT_MS: {
    group: 'Server',
    description:
      'Longest a request may run before the API answers 503 instead of keeping the client waiting.',
  },
  SHUTDOWN_GRACE_MS: {
    group: 'Server',
    description:
      'On SIGTERM, how long in-flight requests and running jobs may take to finish before the process closes anyway.',
  },
  SHUTDOWN_DELAY_MS: {
    group: 'Server',
    description:
      'On SIGTERM, how long readiness answers 503 while requests are still served, before new ones are turned away: time for a load balancer that polls `/api/health/ready` to stop sending here (a few seconds more than its poll interval). 0 (the default) drains at once.',
  },
  DATABASE_URL: {
    group: 'Database',
    description:
      'The PostgreSQL server, e.g. `postgres://medora_api:secret@db:5432/medora`. Percent-encode special characters of the password.',
    unset:
      'the API starts its own embedded PostgreSQL (local use only): its superuser migrates, the API serves as the login `medora_api` with a random password of this install (`.data/secrets/db-api-password`)',
    productionExample: 'postgres://medora_api:secret@db.example.org:5432/medora',
  },
  MIGRATION_DATABASE_URL: {
    group: 'Database',
    description:
      "The owner role that runs the migrations (and sets the audit retention policy), when `DATABASE_URL` is the API's own login. The migrations then create (or update) that login from `DATABASE_URL` (its user and password) as a member of `medora_app` only, and the API serves traffic as `medora_app` through it: SQL on a serving connection cannot get back to the owner. Without it, the API serves as `medora_app` from the owner's session (and warns at start).",
    unset: '`DATABASE_URL` runs the migrations (the embedded server: its superuser)',
  },
  MIGRATE_ON_BOOT: {
    group: 'Database',
    description:
      'Apply pending migrations (and the demo seed) when the API starts. In production run `npm run migrate` once per release instead.',
    unset: 'on outside production, off in production',
  },
  DB_POOL_SIZE: {
    group: 'Database',
    description: 'Connections in the API’s PostgreSQL pool.',
  },
  DB_STATEMENT_TIMEOUT_MS: {
    group: 'Database',
    description:
      'PostgreSQL `statement_timeout` of the serving pool: a longer statement is cancelled and the request answers 503.',
  },
  DATA_DIR: {
    group: 'Database',
    description:
      'Folder of the embedded PostgreSQL cluster (`<DATA_DIR>/postgres`); `npm start` keeps the Auth emulator’s accounts there too. Relative to the repository root.',
    unset: '`.data`',
  },
  EMBEDDED_PG_PORT: {
    group: 'Database',
    description: 'Port of the embedded PostgreSQL (5432 is often taken by a system server).',
  },
  AUDIT_RETENTION_MONTHS: {
    group: 'Database',
    description:
      'Months of audit rows to keep. The migration run writes it as the owner’s policy; a daily job of the API deletes the older rows (`npm run audit:retention -w @medora/api` at once).',
    unset: 'audit rows are kept for ever',
  },
  FIREBASE_PROJECT_ID: {
    group: 'Identity (Firebase Auth)',
    description:
      'The Firebase project whose ID tokens the API accepts. A `demo-` project works only with the Auth emulator, so production needs a real one.',
    productionExample: 'medora-clinic',
  },
  FIREBASE_AUTH_EMULATOR_HOST: {
    group: 'Identity (Firebase Auth)',
    description:
      'host:port of the Firebase Auth emulator, which accepts unsigned tokens: refused with `NODE_ENV=production`. `npm start` starts one and sets it.',
    unset: 'tokens are verified against the real Firebase project',
  },
  GOOGLE_APPLICATION_CREDENTIALS: {
    group: 'Identity (Firebase Auth)',
    description:
      'Path of a service-account key for the real Firebase project. Every ID token is checked for revocation (disabled, deleted or signed-out accounts), which needs Admin credentials: production refuses to start without it, and the API refuses to start when the file cannot be read.',
    unset: 'refused with `NODE_ENV=production`; elsewhere only the Auth emulator can verify tokens',
    productionExample: '/run/secrets/firebase-service-account.json',
  },
  TOKEN_CACHE_SECONDS: {
    group: 'Identity (Firebase Auth)',
    description:
      'How long a verified ID token is trusted before Firebase is asked again whether the account was disabled, deleted or revoked; `0` checks every request. Bounds how long access outlives such a change.',
  },
  LOG_LEVEL: {
    group: 'Logs, metrics and API documentation',
    description: 'Least severe log level written; `silent` turns logging off.',
  },
  METRICS_PORT: {
    group: 'Logs, metrics and API documentation',
    description: 'Serves Prometheus metrics at `GET /metrics` on this port, never on the API’s own port.',
    unset: 'no metrics are collected',
  },
  METRICS_HOST: {
    group: 'Logs, metrics and API documentation',
    description: 'Address the metrics port listens on.',
    unset: '`API_HOST`',
  },
  METRICS_TOKEN: {
    group: 'Logs, metrics and API documentation',
    description:
      'When set, `GET /metrics` answers only `Authorization: Bearer <token>`. Production with `METRICS_PORT` refuses to start without it.',
    unset: 'outside production, metrics are served to anyone who reaches the port',
  },
  OPENAPI_PUBLIC: {
    group: 'Logs, metrics and API documentation',
    description: 'Serve the OpenAPI UI and JSON at `/api/docs`.',
    unset: 'on outside production, off in production',
  },
  CARE_ACCESS_DAYS: {
    group: 'Limits',
    description:
      "Days after a doctor's last Completed or No-Show appointment with a patient during which the doctor still reads the patient's record (visits up to that appointment only); an open appointment grants it meanwhile. See docs/security.md.",
  },
  BOOKING_MAX_PER_HOUR: {
    group: 'Limits',
    description: 'Appointments one account may book per hour; past it booking answers 429.',
  },
  BOOKING_MAX_UPCOMING: {
    group: 'Limits',
    description: 'Active upcoming appointments one account may hold; past it booking answers 429.',
  },
  DOCUMENT_QUOTA_FILES: {
    group: 'Limits',
    description:
      'Documents (files and name-only records) one patient may hold; past it an upload answers 413.',
  },
  DOCUMENT_QUOTA_BYTES: {
    group: 'Limits',
    description: 'Bytes of document files one patient may store; past it an upload answers 413.',
  },
  RATE_LIMIT_WINDOW_SECONDS: {
    group: 'Limits',
    description:
      'Length of the fixed window the request rate limits below count in; it starts with a key’s first request. With `REDIS_URL` every API process shares the counts, otherwise each counts alone.',
  },
  RATE_LIMIT_SIGN_IN_PER_USER: {
    group: 'Limits',
    description:
      'Requests per window of one verified account to the sign-in-adjacent routes (`POST /api/users`, `GET /api/me`, `POST /api/dev/demo-session`, `POST /api/doctors`); past it 429 with `Retry-After`.',
  },
  RATE_LIMIT_SIGN_IN_PER_IP: {
    group: 'Limits',
    description: 'The same routes per window from one client address, all accounts together.',
  },
  RATE_LIMIT_UPLOAD_PER_USER: {
    group: 'Limits',
    description: 'Document, credential and prescription uploads per window of one account.',
  },
  RATE_LIMIT_UPLOAD_PER_IP: {
    group: 'Limits',
    description: 'Uploads per window from one client address.',
  },
  RATE_LIMIT_BOOKING_PER_USER: {
    group: 'Limits',
    description: '`POST /api/appointments` per window of one account (on top of `BOOKING_MAX_PER_HOUR`).',
  },
  RATE_LIMIT_BOOKING_PER_IP: {
    group: 'Limits',
    description: '`POST /api/appointments` per window from one client address.',
  },
  RATE_LIMIT_WRITE_PER_USER: {
    group: 'Limits',
    description:
      'Every other write (saving the intake, account and preference changes, marking notifications read, cancelling, the doctor’s and the admin’s actions) per window of one account.',
  },
  RATE_LIMIT_WRITE_PER_IP: {
    group: 'Limits',
    description: 'Those writes per window from one client address.',
  },
  RATE_LIMIT_AUTOSAVE_PER_USER: {
    group: 'Limits',
    description:
      'Saves of the unsent intake (`PUT /api/patients/{uid}/draft`, sent while typing) per window of one account.',
  },
  RATE_LIMIT_AUTOSAVE_PER_IP: {
    group: 'Limits',
    description: 'Draft saves per window from one client address.',
  },
  RATE_LIMIT_EXPORT_PER_USER: {
    group: 'Limits',
    description: 'Record exports (`GET /api/patients/{uid}/fhir`) per window of one account.',
  },
  RATE_LIMIT_EXPORT_PER_IP: {
    group: 'Limits',
    description: 'Record exports per window from one client address.',
  },
  REDIS_URL: {
    group: 'Several API processes: Redis and object storage',
    description: 'Redis that holds the rate-limit counters, so that every API process counts together.',
    unset: 'each process counts in its own memory',
  },
  REDIS_KEY_PREFIX: {
    group: 'Several API processes: Redis and object storage',
    description: 'Prefix of every Redis key Medora writes, so that several deployments can share one Redis.',
  },
  S3_BUCKET: {
    group: 'Several API processes: Redis and object storage',
    description:
      'Bucket of an S3-compatible object store for the bytes of documents, credentials and prescriptions. Required when any other `S3_*` variable is set. Move existing bytes with `npm run storage:migrate`.',
    unset: 'file bytes are stored in PostgreSQL',
  },
  S3_ENDPOINT: {
    group: 'Several API processes: Redis and object storage',
    description: 'Endpoint of a non-AWS store (MinIO and the like).',
    unset: 'AWS’s own endpoint for the region',
  },
  S3_REGION: {
    group: 'Several API processes: Redis and object storage',
    description: 'Region of the bucket.',
    unset: '`us-east-1`',
  },
  S3_ACCESS_KEY_ID: {
    group: 'Several API processes: Redis and object storage',
    description: 'Access key of the store; set together with `S3_SECRET_ACCESS_KEY` or not at all.',
    unset: 'the AWS SDK’s default credential chain (instance role, `AWS_*` variables)',
  },
  S3_SECRET_ACCESS_KEY: {
    group: 'Several API processes: Redis and object storage',
    description: 'Secret of `S3_ACCESS_KEY_ID`.',
  },
  S3_FORCE_PATH_STYLE: {
    group: 'Several API processes: Redis and object storage',
    description: 'Path-style object URLs (`endpoint/bucket/key`), which MinIO needs.',
  },
  S3_SSE: {
    group: 'Several API processes: Redis and object storage',
    description:
      'Server-side encryption asked for on every upload: `none` sends no header (MinIO without a KMS refuses any, and a bucket with default encryption needs none), `AES256` asks for SSE-S3, `aws:kms` for SSE-KMS.',
  },
  S3_SSE_KMS_KEY_ID: {
    group: 'Several API processes: Redis and object storage',
    description: 'With `S3_SSE=aws:kms`, the KMS key of the objects (refused with another `S3_SSE`).',
    unset: "the account's default KMS key",
  },
  SMTP_URL: {
    group: 'E-mail and the job queue',
    description:
      'SMTP server every e-mail goes through, e.g. `smtps://user:password@smtp.example.org:465` (`smtp://` upgrades with STARTTLS when the server offers it).',
    unset: 'an SMTP sink inside the API process, shown at `/dev/mailbox` (local use only)',
    productionExample: 'smtps://medora:secret@smtp.example.org:465',
  },
  MAIL_FROM: {
    group: 'E-mail and the job queue',
    description: 'Sender of every e-mail.',
    unset: '`Medora <no-reply@medora.localhost>`',
    productionExample: 'Medora <no-reply@clinic.example>',
  },
  MAIL_LINK_SECRET: {
    group: 'E-mail and the job queue',
    description:
      'HMAC key of the one-click unsubscribe links in reminder e-mails. Changing it invalidates the links in e-mails already sent.',
    unset:
      'outside production, a random key per process start (`npm start` passes a key of its own install, kept in `.data/secrets/mail-link-secret`)',
    productionExample: '0123456789abcdef0123456789abcdef0123456789abcdef',
  },
  DKIM_DOMAIN: {
    group: 'E-mail and the job queue',
    description:
      'Domain every e-mail is DKIM-signed for (RFC 6376), normally the domain of `MAIL_FROM`. Set `DKIM_DOMAIN`, `DKIM_SELECTOR` and `DKIM_PRIVATE_KEY` together, or none.',
    unset: 'mail is sent unsigned',
  },
  DKIM_SELECTOR: {
    group: 'E-mail and the job queue',
    description:
      'DKIM selector: the public key is published as a TXT record at `<selector>._domainkey.<domain>`.',
    unset: 'mail is sent unsigned',
  },
  DKIM_PRIVATE_KEY: {
    group: 'E-mail and the job queue',
    description:
      'The RSA private key (PEM) that signs; on one line, write each line break as `\\n`. A secret: pass it from a secret store.',
    unset: 'mail is sent unsigned',
  },
  PUBLIC_APP_URL: {
    group: 'E-mail and the job queue',
    description: 'Origin the links in e-mails point to (the dashboards, the unsubscribe page and its API).',
    unset: 'the first `CORS_ORIGIN`',
    productionExample: 'https://medora.clinic.example',
  },
  MAIL_ATTEMPTS: {
    group: 'E-mail and the job queue',
    description:
      'Tries of one e-mail job (the first and its retries) before it becomes a dead letter for an admin.',
  },
  MAIL_RETRY_DELAY_SECONDS: {
    group: 'E-mail and the job queue',
    description: 'Delay before the first retry; each next one doubles, with jitter.',
  },
  MAIL_RETRY_MAX_DELAY_SECONDS: {
    group: 'E-mail and the job queue',
    description: 'Longest delay between two tries.',
  },
  JOBS_POLL_SECONDS: {
    group: 'E-mail and the job queue',
    description: 'How often an idle job worker asks PostgreSQL for work.',
  },
  REMINDER_SWEEP_BATCH: {
    group: 'E-mail and the job queue',
    description: 'Most reminders one sweep records per transaction (it loops while batches come back full).',
  },
  SUMMARY_LLM_URL: {
    group: 'Clinical summary',
    description:
      'OpenAI-compatible chat-completions endpoint (a base ending in `/v1` or the full URL) that writes the clinical summary. Used only with `SUMMARY_LLM_MODEL`; any failure falls back to the deterministic summary.',
    unset: 'the deterministic summary only',
  },
  SUMMARY_LLM_MODEL: {
    group: 'Clinical summary',
    description: 'Model name sent to `SUMMARY_LLM_URL`.',
  },
  SUMMARY_LLM_API_KEY: {
    group: 'Clinical summary',
    description: 'Bearer key for `SUMMARY_LLM_URL`.',
  },
  CRISIS_EMERGENCY_NUMBER: {
    group: 'Clinical summary',
    description:
      'Emergency number shown at once to a patient who discloses self-harm or suicidal intent (thank-you screen and summary). Set it for the country the clinic serves, e.g. `911` in the US.',
  },
  CRISIS_LINE_NAME: {
    group: 'Clinical summary',
    description:
      'Name of the crisis line shown beside the emergency number, e.g. `988 Suicide & Crisis Lifeline` in the US.',
  },
  CRISIS_LINE_NUMBER: {
    group: 'Clinical summary',
    description: 'Phone number of that crisis line, e.g. `988` in the US.',
  },
  MEDORA_LOCAL_MODE: {
    group: 'Local development',
    description:
      'Turns on the dev routes (`/api/dev/…`) and the demo accounts. Needs the Auth emulator; refused with `NODE_ENV=production`. `npm start` sets it.',
  },
  SEED_DEMO_DATA: {
    group: 'Local development',
    description:
      'Seed the demo doctors with weekly schedules when migrating (idempotent). `npm start` sets it.',
  },
} as const satisfies { [K in EnvName]?: EnvDoc };
