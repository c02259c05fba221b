import pg from 'pg';
import { PORT_OFFSET } from './stack';

/**
 * The test stack's embedded Postgres (scripts/lib/ports.ts: 5433 + offset), for states no API call can
 * make — e.g. a booked visit whose start time has passed (Completed only after the start).
 */
const DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${5433 + PORT_OFFSET}/medora`;

export async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}
