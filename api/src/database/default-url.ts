import type { Config } from '../config/config.js';

/** The embedded server's URL for a config (used when DATABASE_URL is not set). */
export function embeddedDatabaseUrl(config: Config): string {
  return `postgres://postgres:postgres@127.0.0.1:${config.embeddedPgPort}/medora`;
}
