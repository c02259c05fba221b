/**
 * Writes `docs/configuration.md` from the code that reads the configuration: the API's env schema and
 * `loadConfig` (`api/src/config/config.ts`, prose in `api/src/config/env-docs.ts`), the frontends'
 * runtime config (`shared/src/runtime-config-env.ts`) and the local stack's ports
 * (`scripts/lib/ports.ts`). Defaults, accepted values and what production requires are read from the
 * code itself, not written by hand.
 *
 *   npm run docs:config                       rewrite the page
 *   npx tsx scripts/docs-config.ts --check    exit 1 when the committed page differs (a test runs it);
 *                                             `--check <file>` compares that file instead
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, envSchema, loadConfig } from '../api/src/config/config.js';
import { ENV_DOCS, ENV_GROUPS, type EnvDoc, type EnvName } from '../api/src/config/env-docs.js';
import { REMOTE_NAMES, type RemoteName, type RuntimeConfig } from '../shared/src/remotes.js';
import {
  buildRuntimeConfig,
  remoteUrlEnv,
  RUNTIME_CONFIG_DEFAULTS,
  RUNTIME_CONFIG_ENV,
} from '../shared/src/runtime-config-env.js';
import { DEFAULT_PORTS, type PortName } from './lib/ports.js';

export const CONFIGURATION_DOC = 'docs/configuration.md';

type RuntimeEnvName = (typeof RUNTIME_CONFIG_ENV)[number];

/** What each runtime-config variable sets, and where its value lands in `/runtime-config.json`. */
const RUNTIME_DOCS: Record<RuntimeEnvName, { description: string; read: (c: RuntimeConfig) => unknown }> = {
  MEDORA_MODE: {
    description:
      '`local` allows the demo Firebase defaults below and `AUTH_EMULATOR_URL`; `production` requires real Firebase web settings. `npm start` and the compose file set `local`.',
    read: (c) => c.mode,
  },
  API_BASE_URL: { description: 'Base URL of the API for every frontend.', read: (c) => c.apiBaseUrl },
  ...(Object.fromEntries(
    REMOTE_NAMES.map((name) => [
      remoteUrlEnv(name),
      {
        description: `Manifest URL of the ${name} remote, read at every page load: point it at another deployment (a CDN, a canary) without rebuilding the shell.`,
        read: (c: RuntimeConfig) => c.remotes[name],
      },
    ]),
  ) as Record<
    `REMOTE_${Uppercase<RemoteName>}_URL`,
    { description: string; read: (c: RuntimeConfig) => unknown }
  >),
  FIREBASE_API_KEY: { description: 'Web API key of the Firebase project.', read: (c) => c.firebase.apiKey },
  FIREBASE_AUTH_DOMAIN: {
    description: 'Auth domain of the Firebase project.',
    read: (c) => c.firebase.authDomain,
  },
  FIREBASE_PROJECT_ID: {
    description: 'Firebase project of the web sign-in; the same project as the API’s `FIREBASE_PROJECT_ID`.',
    read: (c) => c.firebase.projectId,
  },
  AUTH_EMULATOR_URL: {
    description:
      'URL of the Firebase Auth emulator the browser signs in against (local mode only). `npm start` sets it.',
    read: (c) => c.authEmulatorUrl,
  },
};

/** The local stack's servers, by the variable that moves each. */
const PORT_DOCS: Record<PortName, string> = {
  GATEWAY_PORT: 'The one origin of the local stack: open `http://localhost:<GATEWAY_PORT>`.',
  API_PORT: 'The API (also read by the API itself, above).',
  SHELL_PORT: 'Static server of the shell.',
  LANDING_PORT: 'Static (or dev) server of the landing remote.',
  PATIENT_PORT: 'Static (or dev) server of the patient remote.',
  BOOKING_PORT: 'Static (or dev) server of the booking remote.',
  PROVIDER_PORT: 'Static (or dev) server of the provider remote.',
  AUTH_EMULATOR_PORT: 'The Firebase Auth emulator.',
  AUTH_EMULATOR_HUB_PORT: 'The emulator suite’s hub.',
  AUTH_EMULATOR_LOGGING_PORT: 'The emulator suite’s logging port.',
  EMBEDDED_PG_PORT: 'The embedded PostgreSQL (also read by the API itself, above).',
};

const code = (value: string) => (value.includes('`') ? `\`\` ${value} \`\`` : `\`${value}\``);
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A parsed default as the page shows it. */
function showValue(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.length === 0 ? null : code(value.join(','));
  return code(String(value));
}

/**
 * What a variable accepts, in the schema's own words: the message it gives for a value nothing
 * accepts, without the variable's name and the echo of the value. Free text when it takes anything.
 */
function acceptedValues(name: EnvName): string {
  const result = envSchema.shape[name].safeParse('not a valid value');
  if (result.success) return 'text';
  const message = result.error.issues[0]?.message ?? '';
  return (
    message
      .replace(new RegExp(`^${name}\\s+`), '')
      .replace(/^must be\s+/, '')
      // The echo of the value, and any advice after it (how to fix a URL).
      .replace(/\s*\(got '[^']*'\)(;.*)?$/, '')
      .replace(/;\s*not\s.*$/, '')
  );
}

/**
 * The variables production cannot start without, found by `loadConfig` itself: start from
 * `NODE_ENV=production` alone, add each variable a refusal names (with its documented example) until
 * it starts.
 */
function productionRequired(): Set<EnvName> {
  const env: Record<string, string> = { NODE_ENV: 'production' };
  const required = new Set<EnvName>();
  for (;;) {
    try {
      loadConfig(env);
      return required;
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      const named = error.problems.map((p) => /^([A-Z][A-Z0-9_]+)\b/.exec(p)?.[1]);
      const fresh = named.filter(
        (n): n is EnvName => n !== undefined && n in envSchema.shape && !required.has(n as EnvName),
      );
      if (fresh.length === 0) {
        throw new Error(
          `loadConfig refuses production for a reason the page cannot name:\n${error.message}`,
          {
            cause: error,
          },
        );
      }
      for (const name of fresh) {
        const example = (ENV_DOCS[name] as EnvDoc | undefined)?.productionExample;
        if (!example)
          throw new Error(`Production requires ${name}: give it a productionExample in env-docs.ts`, {
            cause: error,
          });
        required.add(name);
        env[name] = example;
      }
    }
  }
}

/** The same for the runtime config: the variables `buildRuntimeConfig` refuses production without. */
function runtimeProductionRequired(): Set<string> {
  const env: Record<string, string> = { MEDORA_MODE: 'production' };
  const required = new Set<string>();
  for (;;) {
    try {
      buildRuntimeConfig(env);
      return required;
    } catch (error) {
      const name = /^([A-Z][A-Z0-9_]+) is required/.exec((error as Error).message)?.[1];
      if (!name || required.has(name)) {
        throw new Error(`buildRuntimeConfig refuses production: ${(error as Error).message}`, {
          cause: error,
        });
      }
      required.add(name);
      env[name] = 'example';
    }
  }
}

function apiSection(): string[] {
  const names = Object.keys(envSchema.shape) as EnvName[];
  const undocumented = names.filter((n) => !(n in ENV_DOCS));
  if (undocumented.length > 0) {
    throw new Error(
      `Describe ${undocumented.join(', ')} in api/src/config/env-docs.ts, then run \`npm run docs:config\`.`,
    );
  }
  const required = productionRequired();
  const lines: string[] = [
    '## API',
    '',
    'Read once at start by `loadConfig` (`api/src/config/config.ts`); a bad value stops the API with one',
    'line per problem. Empty counts as unset.',
    '',
  ];
  for (const group of ENV_GROUPS) {
    const inGroup = names.filter((n) => (ENV_DOCS[n] as EnvDoc).group === group);
    if (inGroup.length === 0) continue;
    lines.push(
      `### ${group}`,
      '',
      '| Variable | Default | Accepts | Production | What it does |',
      '|---|---|---|---|---|',
    );
    for (const name of inGroup) {
      const doc = ENV_DOCS[name] as EnvDoc;
      const parsed = envSchema.shape[name].safeParse(undefined);
      // A fallback the variable itself would refuse (0 for "from 1") stands for "unset", not a value.
      const settable = parsed.success && envSchema.shape[name].safeParse(String(parsed.data)).success;
      const value = parsed.success && settable ? showValue(parsed.data) : null;
      const fallback = value ?? (doc.unset ? `unset: ${doc.unset}` : 'unset');
      const shown = value !== null && doc.unset ? `${value} (${doc.unset})` : fallback;
      lines.push(
        `| ${cell(code(name))} | ${cell(shown)} | ${cell(acceptedValues(name))} | ${required.has(name) ? '**required**' : ''} | ${cell(doc.description)} |`,
      );
    }
    lines.push('');
  }
  lines.push(
    'Rules across variables: `MEDORA_LOCAL_MODE=true` needs `FIREBASE_AUTH_EMULATOR_HOST`; with',
    '`NODE_ENV=production` the API refuses `FIREBASE_AUTH_EMULATOR_HOST`, `MEDORA_LOCAL_MODE=true` and a',
    '`demo-` Firebase project; `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY` come together.',
    '',
  );
  return lines;
}

function runtimeSection(): string[] {
  const local = buildRuntimeConfig({ MEDORA_MODE: 'local' });
  const required = runtimeProductionRequired();
  const lines = [
    '## Frontends: `/runtime-config.json`',
    '',
    'The shell reads `/runtime-config.json` at every page load, so these change without a rebuild. The',
    'local gateway builds it from its environment and the web image’s entrypoint does the same, both by',
    'the rules of `buildRuntimeConfig` (`shared/src/runtime-config-env.ts`). Defaults are those of local',
    'mode; production takes them only where it requires nothing.',
    '',
    '| Variable | Default | Production | What it does |',
    '|---|---|---|---|',
  ];
  for (const name of RUNTIME_CONFIG_ENV) {
    const doc = RUNTIME_DOCS[name];
    const value =
      name === 'MEDORA_MODE' ? showValue(RUNTIME_CONFIG_DEFAULTS.MEDORA_MODE) : showValue(doc.read(local));
    lines.push(
      `| ${cell(code(name))} | ${cell(value ?? 'unset')} | ${required.has(name) ? '**required**' : ''} | ${cell(doc.description)} |`,
    );
  }
  lines.push('');
  return lines;
}

function portsSection(): string[] {
  const lines = [
    '## Local stack: `npm start` and `npm run dev`',
    '',
    'Each server of the local stack listens on its default port plus `PORT_OFFSET` (a whole number from',
    '0 to 50000, default 0), so a second stack can run beside the first; a port variable set explicitly',
    'wins. Read by `resolvePorts` (`scripts/lib/ports.ts`).',
    '',
    '| Variable | Default | What listens there |',
    '|---|---|---|',
  ];
  for (const [name, port] of Object.entries(DEFAULT_PORTS) as [PortName, number][]) {
    lines.push(`| ${code(name)} | ${code(String(port))} | ${cell(PORT_DOCS[name])} |`);
  }
  lines.push('');
  return lines;
}

/** The whole page. */
export function renderConfigurationDoc(): string {
  return [
    '<!-- Generated by `npm run docs:config` (scripts/docs-config.ts). Edit the code it reads, not this page. -->',
    '',
    '# Configuration',
    '',
    'Every setting has a working default for one machine: `npm start` needs none of them. Production',
    'sets the ones marked **required** (the API and the web image refuse to start without them).',
    '',
    ...apiSection(),
    ...runtimeSection(),
    ...portsSection(),
  ].join('\n');
}

if (require.main === module) {
  const root = path.resolve(__dirname, '..');
  const args = process.argv.slice(2);
  const check = args.indexOf('--check');
  // `--check <file>` compares another copy (the test proves the check fails on a stale page).
  const other = check === -1 ? undefined : args[check + 1];
  const file = other ? path.resolve(other) : path.join(root, CONFIGURATION_DOC);
  const page = renderConfigurationDoc();
  if (check !== -1) {
    let committed = '';
    try {
      committed = readFileSync(file, 'utf8');
    } catch {
      /* missing: differs */
    }
    if (committed !== page) {
      console.error(`${CONFIGURATION_DOC} is out of date with the code: run \`npm run docs:config\`.`);
      process.exitCode = 1;
    } else {
      console.log(`${CONFIGURATION_DOC} is up to date.`);
    }
  } else {
    writeFileSync(file, page);
    console.log(`Wrote ${CONFIGURATION_DOC}.`);
  }
}
