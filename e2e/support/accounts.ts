import { expect, type APIRequestContext } from '@playwright/test';
import { signUpVerifiedInEmulator, type EmulatorUser } from './auth';
import { MINIMAL_INTAKE_RECORD } from './records';
import { sql } from './db';

/** A verified account in the auth emulator with its users row (`POST /api/users`), ready to sign in. */
export async function registeredUser(
  request: APIRequestContext,
  role: 'patient' | 'doctor' | 'provider' = 'patient',
): Promise<EmulatorUser> {
  const user = await signUpVerifiedInEmulator();
  const res = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${user.idToken}` },
    data: { uid: user.uid, role },
  });
  expect(res.status(), await res.text()).toBe(201);
  return user;
}

/**
 * A verified patient with a users row; with `withRecord`, one submitted intake (one visit), so the
 * patient lands on /dashboard instead of /form.
 */
export async function newPatient(request: APIRequestContext, withRecord = false): Promise<EmulatorUser> {
  const user = await registeredUser(request, 'patient');
  if (withRecord) {
    const saved = await request.post('/api/patients', {
      headers: { Authorization: `Bearer ${user.idToken}` },
      data: { uid: user.uid, data: MINIMAL_INTAKE_RECORD },
    });
    expect(saved.status(), await saved.text()).toBe(201);
  }
  return user;
}

/** A tiny but valid one-page PDF showing `text`, to upload and preview. */
export function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * A doctor (or Healthcare Provider) account whose approved, bookable record is written straight to
 * the database.
 */
export async function approvedDoctor(
  request: APIRequestContext,
  record: { name: string; clinic: string; timeZone: string; schedule: object },
  role: 'doctor' | 'provider' = 'doctor',
): Promise<{ user: EmulatorUser; doctorId: string }> {
  const user = await registeredUser(request, role);
  const [row] = await sql<{ id: string }>(
    `INSERT INTO doctors (user_id, name, email, specialty, clinic, time_zone, schedule, verification_status,
                          is_available, onboarding_completed, credentials_verified)
     SELECT u.id, $2, u.email, 'Cardiology', $3, $4, $5::jsonb, 'approved', true, true, true
       FROM users u WHERE u.firebase_uid = $1
     RETURNING id`,
    [user.uid, record.name, record.clinic, record.timeZone, JSON.stringify(record.schedule)],
  );
  return { user, doctorId: row!.id };
}
