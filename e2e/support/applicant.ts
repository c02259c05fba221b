import { expect, type APIRequestContext } from '@playwright/test';
import { uniqueEmail } from './auth';
import { AUTH_EMULATOR_URL } from './stack';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function emulator(path: string, body: object, auth?: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: auth } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  expect(res.ok, JSON.stringify(json)).toBe(true);
  return json;
}

/**
 * A submitted application through the API (the admin's desk): a verified account with
 * `role`, three PDF credentials and the record. Returns what signs the applicant in.
 */
export async function submitApplication(
  request: APIRequestContext,
  name: string,
  {
    role = 'doctor',
    licenseNumber = 'LIC-DESK-1',
  }: { role?: 'doctor' | 'provider'; licenseNumber?: string } = {},
): Promise<{ email: string; password: string; uid: string }> {
  const email = uniqueEmail('desk');
  const password = 'secret123';
  await emulator('accounts:signUp', { email, password, returnSecureToken: true });
  const first = await emulator('accounts:signInWithPassword', { email, password, returnSecureToken: true });
  await emulator('accounts:update', { localId: first.localId, emailVerified: true }, 'Bearer owner');
  const signedIn = await emulator('accounts:signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  const uid = signedIn.localId as string;
  const headers = { Authorization: `Bearer ${signedIn.idToken as string}` };
  expect((await request.post('/api/users', { headers, data: { uid, role } })).status()).toBe(201);
  for (const type of ['degree', 'license', 'identity'] as const) {
    const f = { name: `${type}.pdf`, buffer: PDF, mimeType: 'application/pdf' };
    const res = await request.post(`/api/doctors/${uid}/credentials`, {
      headers,
      multipart: { type, documentName: f.name, file: f },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const data = {
    name,
    phone: '5550002222',
    gender: 'Female',
    dob: '1980-04-04',
    specialty: 'Cardiology',
    qualification: 'MD',
    experience: 9,
    licenseNumber,
    clinic: 'Desk Heart Clinic',
    clinicAddress: { city: 'Denver', state: 'CO' },
  };
  const res = await request.post('/api/doctors', { headers, data: { uid, data } });
  expect(res.status(), await res.text()).toBe(201);
  return { email, password, uid };
}
