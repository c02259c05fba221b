import type pg from 'pg';
import type { ObjectStore } from '../storage/object-store.js';
import { PostgresObjectStore } from '../storage/object-store.js';

/**
 * The tables holding file bytes: key column, the owner in the object key (as uploads name them:
 * `<kind>/<owner>/<id>`) and the content type, both read through a join.
 */
const FILE_TABLES = [
  {
    kind: 'documents',
    table: 'document_files',
    key: 'document_id',
    owner: `SELECT d.patient_uid AS owner, d.content_type AS content_type FROM documents d WHERE d.id = $1`,
  },
  {
    kind: 'credentials',
    table: 'credential_files',
    key: 'credential_id',
    owner: `SELECT u.firebase_uid AS owner, c.content_type AS content_type
              FROM credentials c JOIN doctors d ON d.id = c.doctor_id LEFT JOIN users u ON u.id = d.user_id
             WHERE c.id = $1`,
  },
  {
    kind: 'prescriptions',
    table: 'prescription_files',
    key: 'appointment_id',
    owner: `SELECT p.appointment_id::text AS owner, p.content_type AS content_type
              FROM prescription_files p WHERE p.appointment_id = $1`,
  },
] as const;

export type StorageDirection = 'to-s3' | 'to-db';

export interface StorageMigrationResult {
  /** Files moved, per table. */
  moved: Record<string, number>;
}

/**
 * `npm run storage:migrate`: moves file bytes from Postgres to S3 (`to-s3`) or back (`to-db`), one
 * file at a time (at most one file's bytes in memory). Idempotent and resumable: each row moves in
 * its own step and is marked moved only after its bytes are safe in the target; a re-run picks up
 * the rows still in the source. The object key of a moved row is deterministic
 * (`<kind>/<owner>/<id>`), so a run stopped between upload and update overwrites its own object.
 * The API may keep serving meanwhile: a row deleted or replaced during its move keeps the new state.
 */
export async function migrateStorage(
  client: pg.Client,
  s3: ObjectStore,
  direction: StorageDirection,
  log: (line: string) => void = () => {},
): Promise<StorageMigrationResult> {
  const db = new PostgresObjectStore();
  const moved: Record<string, number> = {};
  for (const t of FILE_TABLES) {
    moved[t.table] = 0;
    const from = direction === 'to-s3' ? 'db' : 's3';
    for (;;) {
      const next = await client.query<{ id: string; object_key: string | null }>(
        `SELECT ${t.key}::text AS id, object_key FROM ${t.table} WHERE storage = $1 ORDER BY ${t.key} LIMIT 1`,
        [from],
      );
      const row = next.rows[0];
      if (!row) break;
      if (direction === 'to-s3') {
        const found = await client.query<{ bytes: Buffer }>(
          `SELECT bytes FROM ${t.table} WHERE ${t.key} = $1 AND storage = 'db'`,
          [row.id],
        );
        const meta = await client.query<{ owner: string | null; content_type: string | null }>(t.owner, [
          row.id,
        ]);
        const bytes = found.rows[0]?.bytes;
        if (!bytes) continue;
        const owner = meta.rows[0]?.owner ?? 'unknown';
        const key = `${t.kind}/${encodeURIComponent(owner)}/${row.id}`;
        const stored = await s3.put(
          key,
          await db.get({ storage: 'db', bytes }),
          meta.rows[0]?.content_type ?? 'application/octet-stream',
        );
        const updated = await client.query(
          `UPDATE ${t.table} SET storage = 's3', object_key = $2, bytes = NULL WHERE ${t.key} = $1 AND storage = 'db'`,
          [row.id, key],
        );
        if (updated.rowCount === 0) await s3.delete(stored);
        else moved[t.table]!++;
      } else {
        const objectKey = row.object_key!;
        const body = await s3.get({ storage: 's3', objectKey });
        const stored = await db.put(objectKey, body);
        if (stored.storage !== 'db') throw new Error('Postgres store returned a non-db file');
        const updated = await client.query(
          `UPDATE ${t.table} SET storage = 'db', bytes = $2, object_key = NULL
            WHERE ${t.key} = $1 AND storage = 's3' AND object_key = $3`,
          [row.id, stored.bytes, objectKey],
        );
        // The object goes once its row no longer points at it (a crash before this leaves an orphan).
        if (updated.rowCount !== 0) {
          await s3.delete({ storage: 's3', objectKey });
          moved[t.table]!++;
        }
      }
    }
    log(`${t.table}: ${moved[t.table]} moved ${direction === 'to-s3' ? 'to S3' : 'to Postgres'}`);
  }
  return { moved };
}
