/**
 * The data sizes of `npm run bench:scale` and how many rows each step adds: pure, so the
 * unit test pins the arithmetic the SQL seeding relies on.
 */

export const SIZE_NAMES = ['S', 'M', 'L'] as const;
export type SizeName = (typeof SIZE_NAMES)[number];

/** Totals in the database once a size is seeded (S: the demo doctors as `npm start` seeds them). */
export interface SizeSpec {
  name: SizeName;
  /** Approved doctors with weekly hours, the demo doctors included. */
  approvedDoctors: number;
  /** Accounts with the patient role. */
  patients: number;
  appointments: number;
  auditRows: number;
  /** Submitted applications waiting for an admin, each with three credential rows. */
  pendingApplications: number;
}

/**
 * The data sizes (docs/performance.md). S keeps the 6 demo doctors; its 500 patients and 2,000
 * appointments are the provider's heavy doctor's (the same at every size), so S→L compares the same
 * screens.
 */
export const SIZES: Record<SizeName, SizeSpec> = {
  S: {
    name: 'S',
    approvedDoctors: 6,
    patients: 500,
    appointments: 2_000,
    auditRows: 0,
    pendingApplications: 0,
  },
  M: {
    name: 'M',
    approvedDoctors: 1_000,
    patients: 50_000,
    appointments: 300_000,
    auditRows: 1_000_000,
    pendingApplications: 5_000,
  },
  L: {
    name: 'L',
    approvedDoctors: 10_000,
    patients: 200_000,
    appointments: 2_000_000,
    auditRows: 5_000_000,
    pendingApplications: 5_000,
  },
};

/** The appointments of the heavy doctor (the provider whose list is measured), written at S. */
export const HEAVY_DOCTOR_APPOINTMENTS = 2_000;

/** `--sizes S,M` → the sizes in ascending order (each step only adds rows). */
export function parseSizes(arg: string | undefined): SizeName[] {
  if (!arg) return [...SIZE_NAMES];
  const wanted = arg
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  const unknown = wanted.filter((s) => !(SIZE_NAMES as readonly string[]).includes(s));
  if (unknown.length || wanted.length === 0) {
    throw new Error(`--sizes takes a comma-separated list of ${SIZE_NAMES.join(', ')} (got '${arg}')`);
  }
  return SIZE_NAMES.filter((s) => wanted.includes(s));
}

export type RowCounts = Omit<SizeSpec, 'name'>;

/** What one seeding step inserts: the target minus what is there already (never negative). */
export interface SeedPlan extends RowCounts {
  /**
   * Appointments of each new approved doctor: `base`, plus one for the first `extra` of them, so the
   * new doctors carry exactly `appointments` between them.
   */
  perDoctor: { base: number; extra: number };
  /** Appointments the step cannot place: there are no new doctors to give them to. */
  unplaced: number;
}

export function seedPlan(target: SizeSpec, current: RowCounts): SeedPlan {
  const add = (key: keyof RowCounts) => Math.max(0, target[key] - current[key]);
  const approvedDoctors = add('approvedDoctors');
  const wantedAppointments = add('appointments');
  // New doctors carry the new appointments: the slots of existing doctors are taken already.
  const appointments = approvedDoctors > 0 ? wantedAppointments : 0;
  return {
    approvedDoctors,
    patients: add('patients'),
    appointments,
    auditRows: add('auditRows'),
    pendingApplications: add('pendingApplications'),
    perDoctor:
      approvedDoctors > 0
        ? { base: Math.floor(appointments / approvedDoctors), extra: appointments % approvedDoctors }
        : { base: 0, extra: 0 },
    unplaced: wantedAppointments - appointments,
  };
}

/** Appointments of the new doctor number `seq` (0-based) under a plan: the SQL uses the same rule. */
export function appointmentsOfDoctor(plan: Pick<SeedPlan, 'perDoctor'>, seq: number): number {
  return plan.perDoctor.base + (seq < plan.perDoctor.extra ? 1 : 0);
}
