import {
  availableDates,
  bookingWindowRange,
  formatAppointmentDate,
  slotsFor,
  type Appointment,
  type DoctorListingItem,
  type DoctorSlotsResponse,
  type DoctorsWithContextResponse,
} from '@medora/shared';

export interface BenchUser {
  uid: string;
  idToken: string;
}

export interface BenchFixture {
  patient: BenchUser;
  /** What the benchmarked routes answer for the patient, for the report. */
  doctors: number;
  appointments: number;
  takenSlots: number;
}

interface FixtureOptions {
  /** The API itself, not the gateway: http://127.0.0.1:API_PORT */
  api: string;
  authEmulator: string;
  /** Appointments of the measured patient, and of each other patient (their slots show up as taken). */
  patientBookings?: number;
  otherPatients?: number;
  otherBookings?: number;
  log?: (line: string) => void;
}

async function call<T>(url: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const { token, ...rest } = init;
  const res = await fetch(url, {
    ...rest,
    headers: {
      ...(rest.body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(rest.headers as Record<string, string> | undefined),
    },
  });
  const text = await res.text();
  if (!res.ok)
    throw Object.assign(new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text}`), {
      status: res.status,
    });
  return (text ? JSON.parse(text) : undefined) as T;
}

let counter = 0;

/**
 * A new Auth emulator account with a verified e-mail, registered with `role` through `POST /api/users`
 * (the API gives the doctor role only to the account itself; an admin is made in SQL by the caller).
 */
export async function registeredUser(
  opts: Pick<FixtureOptions, 'api' | 'authEmulator'>,
  role: 'patient' | 'doctor',
): Promise<BenchUser> {
  const email = `bench-${Date.now().toString(36)}-${++counter}@example.test`;
  const signUp = await call<{ localId: string; idToken: string }>(
    `${opts.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    { method: 'POST', body: JSON.stringify({ email, password: 'bench-secret', returnSecureToken: true }) },
  );
  // Booking needs a verified email: verify as the emulator's admin, then sign in again so
  // the token carries email_verified: true.
  await call(`${opts.authEmulator}/identitytoolkit.googleapis.com/v1/projects/demo-medora/accounts:update`, {
    method: 'POST',
    headers: { authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: signUp.localId, emailVerified: true }),
  });
  const signIn = await call<{ idToken: string }>(
    `${opts.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { method: 'POST', body: JSON.stringify({ email, password: 'bench-secret', returnSecureToken: true }) },
  );
  const user = { uid: signUp.localId, idToken: signIn.idToken };
  await call(`${opts.api}/api/users`, {
    method: 'POST',
    token: user.idToken,
    body: JSON.stringify({ uid: user.uid, role }),
  });
  return user;
}

const registeredPatient = (opts: FixtureOptions) => registeredUser(opts, 'patient');

/** A doctor's free slots over the booking window, as the API reports them. */
function freeSlots(
  opts: FixtureOptions,
  user: BenchUser,
  doctor: DoctorListingItem,
): Promise<DoctorSlotsResponse> {
  const { from, to } = bookingWindowRange(doctor.timeZone);
  return call<DoctorSlotsResponse>(`${opts.api}/api/doctors/${doctor.id}/slots?from=${from}&to=${to}`, {
    token: user.idToken,
  });
}

/** Slots taken in the booking window: offered by the schedule but not free. */
async function takenCount(opts: FixtureOptions, user: BenchUser, doctor: DoctorListingItem): Promise<number> {
  const offered = availableDates(doctor.schedule, { timeZone: doctor.timeZone }).reduce(
    (n, { date }) => n + slotsFor(doctor.schedule, date).length,
    0,
  );
  const free = (await freeSlots(opts, user, doctor)).days.reduce((n, d) => n + d.slots.length, 0);
  return offered - free;
}

/**
 * Books `count` free slots through `POST /api/appointments`, spreading them over the bookable doctors
 * (the seeded demo doctors), from the taken slots the API itself reports.
 */
async function bookSlots(opts: FixtureOptions, user: BenchUser, count: number): Promise<Appointment[]> {
  const booked: Appointment[] = [];
  let attempts = 0;
  while (booked.length < count) {
    if (++attempts > count * 5) throw new Error(`Could book only ${booked.length} of ${count} slots`);
    const context = await call<DoctorsWithContextResponse>(
      `${opts.api}/api/doctors-with-context/${user.uid}`,
      {
        token: user.idToken,
      },
    );
    if (context.doctors.length === 0) throw new Error('No bookable doctors: is SEED_DEMO_DATA on?');
    const doctor = context.doctors[booked.length % context.doctors.length]!;
    const free = (await freeSlots(opts, user, doctor)).days.flatMap(({ date, slots }) =>
      slots.map((t) => ({ date, t })),
    );
    if (free.length === 0) continue;
    // Spread over the window rather than filling each doctor's first day.
    const slot = free[(attempts * 7) % free.length]!;
    try {
      booked.push(
        await call<Appointment>(`${opts.api}/api/appointments`, {
          method: 'POST',
          token: user.idToken,
          body: JSON.stringify({
            uid: user.uid,
            date: formatAppointmentDate(slot.date, slot.t),
            doctorId: doctor.id,
            doctor: doctor.name,
            clinic: doctor.clinic,
            specialty: doctor.specialty,
            notes: 'Benchmark visit',
            prescriptionUrl: null,
            bookedAt: new Date().toISOString(),
          }),
        }),
      );
    } catch (error) {
      // Another patient of the fixture took it first: pick again.
      if ((error as { status?: number }).status !== 409) throw error;
    }
  }
  return booked;
}

/**
 * The benchmark's data, made through the real Auth emulator and the API's own routes: a patient with
 * appointments (one of them cancelled) at several approved doctors, and other patients whose bookings
 * fill the doctors' taken slots.
 */
export async function createFixture(opts: FixtureOptions): Promise<BenchFixture> {
  const log = opts.log ?? (() => undefined);
  const patient = await registeredPatient(opts);
  const mine = await bookSlots(opts, patient, opts.patientBookings ?? 10);
  await call(`${opts.api}/api/appointments/${mine[0]!.id}/cancel`, {
    method: 'POST',
    token: patient.idToken,
  });
  for (let i = 0; i < (opts.otherPatients ?? 4); i++) {
    await bookSlots(opts, await registeredPatient(opts), opts.otherBookings ?? 5);
  }
  const context = await call<DoctorsWithContextResponse>(
    `${opts.api}/api/doctors-with-context/${patient.uid}`,
    {
      token: patient.idToken,
    },
  );
  const appointments = await call<Appointment[]>(`${opts.api}/api/appointments?uid=${patient.uid}`, {
    token: patient.idToken,
  });
  const fixture = {
    patient,
    doctors: context.doctors.length,
    appointments: appointments.length,
    takenSlots: (await Promise.all(context.doctors.map((d) => takenCount(opts, patient, d)))).reduce(
      (n, c) => n + c,
      0,
    ),
  };
  log(
    `Fixture: a patient with ${fixture.appointments} appointments, ${fixture.doctors} bookable doctors, ` +
      `${fixture.takenSlots} taken slots in the booking window.`,
  );
  return fixture;
}
