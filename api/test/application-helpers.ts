import request from 'supertest';
import type { DataSource } from 'typeorm';
import {
  REQUIRED_CREDENTIAL_TYPES,
  type CredentialRecord,
  type CredentialType,
  type CredentialsPage,
} from '@medora/shared';
import { authHeader, type TestUser } from './helpers.js';

/**
 * POST /api/doctors needs the degree, licence and identity documents first. Uploads the
 * three as metadata-only credentials (the spec's JSON body) and returns their ids.
 */
export async function uploadRequiredCredentials(
  http: Parameters<typeof request>[0],
  user: TestUser,
): Promise<string[]> {
  const ids: string[] = [];
  for (const type of REQUIRED_CREDENTIAL_TYPES) ids.push(await uploadCredential(http, user, type));
  return ids;
}

/** The smallest file the upload's content check takes as a PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

/**
 * One credential document with its file (only documents with bytes count for an application); the
 * file's bytes differ per type, as real documents would. Returns the credential's id.
 */
export async function uploadCredential(
  http: Parameters<typeof request>[0],
  user: TestUser,
  type: CredentialType,
): Promise<string> {
  const res = await request(http)
    .post(`/api/doctors/${user.uid}/credentials`)
    .set(authHeader(user))
    .field('type', type)
    .field('documentName', `${type}.pdf`)
    .attach('file', Buffer.concat([PDF, Buffer.from(`% ${type}\n`)]), {
      filename: `${type}.pdf`,
      contentType: 'application/pdf',
    });
  if (res.status !== 201) throw new Error(`credential ${type}: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { id: string }).id;
}

/** The application's current version (what an admin who just loaded the queue would send). */
export async function applicationVersion(ds: DataSource, doctorId: string): Promise<number> {
  const [row] = await ds.query<{ version: number }[]>(`SELECT version FROM doctors WHERE id = $1`, [
    doctorId,
  ]);
  if (!row) throw new Error(`no doctor ${doctorId}`);
  return row.version;
}

/** An application's documents (the first page) as the admin desk loads them on demand (200 expected). */
export async function applicationCredentials(
  http: Parameters<typeof request>[0],
  reviewer: TestUser,
  doctorId: string,
): Promise<CredentialRecord[]> {
  const res = await request(http)
    .get(`/api/admin/applications/${doctorId}/credentials`)
    .set(authHeader(reviewer));
  if (res.status !== 200)
    throw new Error(`credentials of ${doctorId}: ${res.status} ${JSON.stringify(res.body)}`);
  const page = res.body as CredentialsPage;
  return page.items;
}
