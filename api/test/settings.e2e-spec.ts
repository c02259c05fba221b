import request from 'supertest';
import {
  ACCOUNT_NAME_MAX_LENGTH,
  DEFAULT_NOTIFICATION_PREFERENCES,
  MESSAGES,
  accountSchema,
  notificationPreferencesSchema,
  type Account,
  type NotificationPreferences,
} from '@medora/shared';
import {
  authHeader,
  createTestApp,
  signInUser,
  signUpUser,
  testProjectId,
  type TestApp,
  type TestUser,
} from './helpers.js';
import { ROUTINE_RECORD } from '../src/summary/summary.fixtures.js';
import { UsersRepository } from '../src/users/users.repository.js';

/**
 * Name and phone, notification preferences, and the stored e-mail following
 * the verified token after an e-mail change. Every route acts on the token's own account.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});

afterAll(async () => {
  await t?.close();
});

async function registered(role: 'patient' | 'doctor' = 'patient', phone?: string): Promise<TestUser> {
  const user = await signUpUser();
  const res = await request(t.http)
    .post('/api/users')
    .set(authHeader(user))
    .send({ uid: user.uid, role, ...(phone ? { phone } : {}) });
  expect(res.status).toBe(201);
  return user;
}

const getAccount = (user: TestUser | string) => request(t.http).get('/api/me/account').set(authHeader(user));
const patchAccount = (user: TestUser, body: unknown) =>
  request(t.http)
    .patch('/api/me/account')
    .set(authHeader(user))
    .send(body as object);

async function storedUser(
  uid: string,
): Promise<{ email: string | null; name: string | null; phone: string | null }> {
  const [row] = await t.dataSource.query<
    { email: string | null; name: string | null; phone: string | null }[]
  >('SELECT email, name, phone FROM users WHERE firebase_uid = $1', [uid]);
  return row!;
}

describe('GET /api/me/account', () => {
  it("answers the caller's own account: the token's e-mail, the phone given at sign-up, no name yet", async () => {
    const user = await registered('patient', '5551234567');
    const res = await getAccount(user);
    expect(res.status).toBe(200);
    expect(accountSchema.parse(res.body)).toEqual<Account>({
      uid: user.uid,
      email: user.email,
      emailVerified: true,
      role: 'patient',
      name: null,
      phone: '5551234567',
    });
  });

  it('works for a doctor too (the page is role-neutral)', async () => {
    const doctor = await registered('doctor');
    const res = await getAccount(doctor);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ uid: doctor.uid, role: 'doctor' });
  });

  it('refuses a signed-in account without a user record (403, catalogue message), and no token (401)', async () => {
    const stranger = await signUpUser();
    const res = await getAccount(stranger);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.settingsAccountRequired);
    expect((await request(t.http).get('/api/me/account')).status).toBe(401);
  });
});

describe('PATCH /api/me/account', () => {
  it('saves name and phone, trimmed, and answers them back; a later read shows them', async () => {
    const user = await registered();
    const res = await patchAccount(user, { name: '  Dana Whitfield ', phone: '447700900123' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Dana Whitfield', phone: '447700900123', email: user.email });
    expect((await getAccount(user)).body).toMatchObject({ name: 'Dana Whitfield', phone: '447700900123' });
    expect(await storedUser(user.uid)).toMatchObject({ name: 'Dana Whitfield', phone: '447700900123' });
  });

  it('changes only the fields sent; an empty value clears one', async () => {
    const user = await registered('patient', '5551234567');
    expect((await patchAccount(user, { name: 'Ana Lima' })).body).toMatchObject({
      name: 'Ana Lima',
      phone: '5551234567',
    });
    expect((await patchAccount(user, { phone: '' })).body).toMatchObject({ name: 'Ana Lima', phone: null });
  });

  it.each([
    ['a 9-digit phone', { phone: '555123456' }, 'phone', MESSAGES.invalidPhone],
    ['a 16-digit phone', { phone: '5551234567890123' }, 'phone', MESSAGES.invalidPhone],
    ['a phone with letters', { phone: '555-123-4567' }, 'phone', MESSAGES.invalidPhone],
    [
      'a name too long',
      { name: 'x'.repeat(ACCOUNT_NAME_MAX_LENGTH + 1) },
      'name',
      MESSAGES.settingsNameTooLong,
    ],
    ['a name with a line break', { name: 'Dana\nWhitfield' }, 'name', MESSAGES.settingsNameInvalid],
    ['an empty body', {}, '_', MESSAGES.settingsNothingToUpdate],
  ])('answers 400 with the catalogue message for %s, and stores nothing', async (_, body, field, message) => {
    const user = await registered('patient', '5551234567');
    await patchAccount(user, { name: 'Kept Name' });
    const res = await patchAccount(user, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    if (field !== '_') expect(res.body.fields?.[field]).toBe(message);
    expect(await storedUser(user.uid)).toMatchObject({ name: 'Kept Name', phone: '5551234567' });
  });

  it('never takes the e-mail, uid or role from the body (unknown keys are refused)', async () => {
    const user = await registered();
    for (const body of [
      { name: 'Eve', email: 'attacker@example.test' },
      { name: 'Eve', uid: 'someone-else' },
      { name: 'Eve', role: 'admin' },
    ]) {
      const res = await patchAccount(user, body);
      expect(res.status).toBe(400);
    }
    expect(await storedUser(user.uid)).toEqual({ email: user.email, name: null, phone: null });
  });

  it("changes only the caller's own account: another user's data stays as it was", async () => {
    const alice = await registered('patient', '5550000001');
    const bob = await registered('patient', '5550000002');
    await patchAccount(bob, { name: 'Bob Original' });
    const res = await patchAccount(alice, { name: 'Alice New', phone: '5550000003' });
    expect(res.status).toBe(200);
    expect(res.body.uid).toBe(alice.uid);
    expect(await storedUser(bob.uid)).toEqual({
      email: bob.email,
      name: 'Bob Original',
      phone: '5550000002',
    });
    expect((await getAccount(bob)).body).toMatchObject({ name: 'Bob Original', phone: '5550000002' });
  });
});

describe('one name: the account and the health record', () => {
  const saveRecord = (user: TestUser, name: string) =>
    request(t.http)
      .post('/api/patients')
      .set(authHeader(user))
      .send({ uid: user.uid, data: { ...ROUTINE_RECORD, name } });
  const recordName = async (user: TestUser) =>
    (
      (await request(t.http).get(`/api/patients/${user.uid}`).set(authHeader(user))).body as {
        data: { name?: string };
      }
    ).data.name;
  const fhirName = async (user: TestUser) => {
    const res = await request(t.http).get(`/api/patients/${user.uid}/fhir`).set(authHeader(user));
    const bundle = JSON.parse(res.text) as {
      entry: { resource: { resourceType: string; name?: { text: string }[] } }[];
    };
    return bundle.entry.find((e) => e.resource.resourceType === 'Patient')?.resource.name?.[0]?.text;
  };

  it("the intake's name shows in Settings, and a name saved in Settings reaches the record and its export", async () => {
    const user = await registered();
    expect((await saveRecord(user, 'Ann Intake')).status).toBe(201);
    expect((await getAccount(user)).body).toMatchObject({ name: 'Ann Intake' });

    const renamed = await patchAccount(user, { name: 'Ann Settings' });
    expect(renamed.status).toBe(200);
    expect(await recordName(user)).toBe('Ann Settings');
    expect(await fhirName(user)).toBe('Ann Settings');
    // The record's change is audited as a write of the record.
    const audit = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM audit_log
        WHERE actor_uid = $1 AND action = 'write' AND resource_type = 'profile' AND outcome = 'allowed'`,
      [user.uid],
    );
    expect(audit[0]!.n).toBe(2);

    // The next intake's name is the account's again.
    expect((await saveRecord(user, 'Ann Later')).status).toBe(200);
    expect((await getAccount(user)).body).toMatchObject({ name: 'Ann Later' });
    expect(await storedUser(user.uid)).toMatchObject({ name: 'Ann Later' });
  });

  it('a record saved before the two were one name still shows its name in Settings', async () => {
    const user = await registered();
    expect((await saveRecord(user, 'Old Record')).status).toBe(201);
    await t.dataSource.query(`UPDATE users SET name = NULL WHERE firebase_uid = $1`, [user.uid]);
    expect((await getAccount(user)).body).toMatchObject({ name: 'Old Record' });
  });

  it('a name saved in Settings before any intake leaves no record behind', async () => {
    const user = await registered();
    expect((await patchAccount(user, { name: 'No Record' })).status).toBe(200);
    const rows = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM patient_profiles WHERE firebase_uid = $1`,
      [user.uid],
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('GET/PUT /api/me/preferences', () => {
  const custom: NotificationPreferences = {
    emailBookingConfirmations: false,
    emailReminders: true,
    reminderLeadHours: 2,
    inAppNotifications: false,
  };

  it('answers the shared defaults until the user saves, then what was saved', async () => {
    const user = await registered();
    const before = await request(t.http).get('/api/me/preferences').set(authHeader(user));
    expect(before.status).toBe(200);
    expect(before.body).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    const put = await request(t.http).put('/api/me/preferences').set(authHeader(user)).send(custom);
    expect(put.status).toBe(200);
    expect(notificationPreferencesSchema.parse(put.body)).toEqual(custom);
    const after = await request(t.http).get('/api/me/preferences').set(authHeader(user));
    expect(after.body).toEqual(custom);
    // Saving again updates the one row.
    const again = await request(t.http)
      .put('/api/me/preferences')
      .set(authHeader(user))
      .send({ ...custom, reminderLeadHours: 48 });
    expect(again.body.reminderLeadHours).toBe(48);
    const [{ n }] = await t.dataSource.query<{ n: string }[]>(
      `SELECT count(*) AS n FROM user_preferences p JOIN users u ON u.id = p.user_id WHERE u.firebase_uid = $1`,
      [user.uid],
    );
    expect(n).toBe('1');
  });

  it("keeps each user's preferences apart", async () => {
    const alice = await registered();
    const bob = await registered();
    await request(t.http).put('/api/me/preferences').set(authHeader(alice)).send(custom);
    const bobs = await request(t.http).get('/api/me/preferences').set(authHeader(bob));
    expect(bobs.body).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it.each([
    [
      'a lead time not offered',
      { ...DEFAULT_NOTIFICATION_PREFERENCES, reminderLeadHours: 5 },
      MESSAGES.settingsPrefLeadInvalid,
    ],
    ['a missing field', { emailReminders: true }, undefined],
    ['a string for a switch', { ...DEFAULT_NOTIFICATION_PREFERENCES, inAppNotifications: 'yes' }, undefined],
    ['an unknown key', { ...DEFAULT_NOTIFICATION_PREFERENCES, sms: true }, undefined],
  ])('answers 400 for %s and keeps what was saved', async (_, body, message) => {
    const user = await registered();
    await request(t.http).put('/api/me/preferences').set(authHeader(user)).send(custom);
    const res = await request(t.http).put('/api/me/preferences').set(authHeader(user)).send(body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    if (message) expect(res.body.message).toBe(message);
    expect((await request(t.http).get('/api/me/preferences').set(authHeader(user))).body).toEqual(custom);
  });
});

/** A POST to the emulator's Identity Toolkit API (what the browser's Firebase SDK sends). */
async function identityToolkit<T>(path: string, body: object): Promise<T> {
  const res = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/${path}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

describe('the stored e-mail follows the verified token', () => {
  it('after a verified e-mail change and a new sign-in, the account shows the new address', async () => {
    const user = await registered();
    const newEmail = `changed-${user.email}`;
    // What `verifyBeforeUpdateEmail` sends: a link to the new address; nothing changes until it is opened.
    await identityToolkit('accounts:sendOobCode?key=any', {
      requestType: 'VERIFY_AND_CHANGE_EMAIL',
      idToken: user.idToken,
      newEmail,
    });
    expect(await storedUser(user.uid)).toMatchObject({ email: user.email });
    const codes = (await (
      await fetch(
        `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/emulator/v1/projects/${testProjectId()}/oobCodes`,
      )
    ).json()) as { oobCodes: { email: string; oobLink: string; requestType: string }[] };
    const mail = codes.oobCodes.find(
      (c) => c.requestType === 'VERIFY_AND_CHANGE_EMAIL' && c.email === user.email,
    );
    expect(mail).toBeDefined();
    expect((await fetch(mail!.oobLink)).ok).toBe(true);

    const fresh = await signInUser(newEmail);
    const res = await getAccount(fresh);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ uid: user.uid, email: newEmail, emailVerified: true });
    expect(await storedUser(user.uid)).toMatchObject({ email: newEmail });
    // The old address no longer signs in.
    await expect(signInUser(user.email)).rejects.toThrow();
    // A token issued before the one the row now follows (one still valid for up to an hour after the
    // change) does not put the old address back.
    const users = t.app.get(UsersRepository);
    await users.refreshFromToken(user.uid, user.email, true, new Date(Date.now() - 30 * 60_000));
    expect(await storedUser(user.uid)).toMatchObject({ email: newEmail });
    // A newer one does move it (another verified change, say).
    await users.refreshFromToken(user.uid, `third-${user.email}`, true, new Date(Date.now() + 60_000));
    expect(await storedUser(user.uid)).toMatchObject({ email: `third-${user.email}` });
  });

  it('GET /api/me (what the session asks on sign-in) updates the stored e-mail too', async () => {
    const user = await registered();
    const newEmail = `me-${user.email}`;
    await identityToolkit('accounts:update?key=any', { idToken: user.idToken, email: newEmail });
    const fresh = await signInUser(newEmail);
    const me = await request(t.http).get('/api/me').set(authHeader(fresh));
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(newEmail);
    expect(await storedUser(user.uid)).toMatchObject({ email: newEmail });
  });
});
