/** The measuring half of `npm run bench:scale`: load runs, response sizes and the SQL behind them. */
import { request } from 'node:http';
import type autocannon from 'autocannon';
import type pg from 'pg';
import {
  availableDates,
  clinicTimeZone,
  formatAppointmentDate,
  slotOf,
  slotsFor,
  type DoctorSchedule,
} from '@medora/shared';
import { runLoad, type LoadRun } from '../load.js';
import { cpuMs } from '../process-cpu.js';
import { planScans, SCALE_TARGETS, type PlanScan, type ScaleFigures } from './report.js';
import type { SizeName } from './sizes.js';

export interface Probe {
  status: number;
  bytes: number;
  gzipBytes: number | null;
}

/** Raw body bytes of one GET as sent on the wire (fetch would decompress): status and size. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: number; encoding: string | null }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          bytes,
          encoding:
            typeof res.headers['content-encoding'] === 'string' ? res.headers['content-encoding'] : null,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * One request to the API without compression, and one through the gateway (what a browser gets) with
 * `Accept-Encoding: gzip`: null when neither the API nor the gateway compressed it.
 */
export async function probe(
  urls: { api: string; gateway: string },
  headers: Record<string, string>,
): Promise<Probe> {
  const plain = await rawGet(urls.api, { ...headers, 'accept-encoding': 'identity' });
  const gzip = await rawGet(urls.gateway, { ...headers, 'accept-encoding': 'gzip' });
  return { status: plain.status, bytes: plain.bytes, gzipBytes: gzip.encoding ? gzip.bytes : null };
}

/** A statement the API ran while one endpoint was measured (pg_stat_statements, normalised). */
export interface SeenStatement {
  query: string;
  calls: number;
  totalMs: number;
}

/**
 * pg_stat_statements of the API's database: reset before a run, read after it. Our own statements
 * (this client's) are left out.
 */
export class StatementLog {
  constructor(private readonly db: pg.Client) {}

  async reset(): Promise<void> {
    await this.db.query(`SELECT pg_stat_statements_reset()`);
  }

  async read(): Promise<SeenStatement[]> {
    const { rows } = await this.db.query<SeenStatement>(
      `SELECT query, calls::int AS calls, total_exec_time AS "totalMs"
         FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND query NOT ILIKE '%pg_stat_statements%' AND query NOT ILIKE 'EXPLAIN%'
        ORDER BY total_exec_time DESC`,
    );
    return rows;
  }

  /**
   * The generic plan of a normalised statement (`$1`… stay parameters: Postgres ≥ 16), as its scans;
   * a sequential scan carries the rows its table holds. Null when Postgres cannot plan it so.
   */
  async scans(query: string): Promise<PlanScan[] | null> {
    if (!/^\s*(WITH|SELECT|UPDATE|DELETE|INSERT)\b/i.test(query)) return null;
    try {
      const { rows } = await this.db.query<{ 'QUERY PLAN': unknown }>(
        `EXPLAIN (GENERIC_PLAN, FORMAT JSON) ${query}`,
      );
      const scans = planScans(rows[0]!['QUERY PLAN']);
      for (const scan of scans) {
        if (scan.node !== 'Seq Scan' || !scan.relation) continue;
        const size = await this.db.query<{ n: number }>(
          `SELECT reltuples::float8 AS n FROM pg_class WHERE relname = $1 AND relkind IN ('r', 'p')`,
          [scan.relation],
        );
        scan.rows = Math.max(0, size.rows[0]?.n ?? 0);
      }
      return scans;
    } catch {
      return null;
    }
  }
}

export interface MeasureOptions {
  url: string;
  headers: Record<string, string>;
  durationSeconds: number;
  warmupSeconds: number;
  apiPid: number | undefined;
  statements: StatementLog;
}

/** Figures of one load run, with the API's CPU and the SQL it ran per request. */
export interface MeasuredRun {
  run: LoadRun;
  cpuUsPerRequest: number | undefined;
  statements: SeenStatement[];
}

/**
 * Waits until the API has finished the requests an earlier run left behind (autocannon stops sending
 * at the end of a run, but the server still works through what it received): its CPU time advances
 * by less than a tenth of the wall time over 250 ms, or two minutes pass.
 */
async function apiIdle(apiPid: number | undefined): Promise<void> {
  if (!apiPid) return;
  const deadline = Date.now() + 120_000;
  let last = cpuMs(apiPid);
  while (last !== null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = cpuMs(apiPid);
    if (now === null || now - last < 25) return;
    last = now;
  }
}

async function measured(
  opts: Pick<MeasureOptions, 'apiPid' | 'statements'>,
  load: () => Promise<LoadRun>,
): Promise<MeasuredRun> {
  // Otherwise the statements and CPU of the abandoned requests would count towards this run's.
  await apiIdle(opts.apiPid);
  await opts.statements.reset();
  const before = opts.apiPid ? cpuMs(opts.apiPid) : null;
  const run = await load();
  const after = opts.apiPid ? cpuMs(opts.apiPid) : null;
  const statements = await opts.statements.read();
  return {
    run,
    cpuUsPerRequest:
      before !== null && after !== null && run.requests > 0
        ? ((after - before) * 1000) / run.requests
        : undefined,
    statements,
  };
}

/** Fewer answers than this in a timed run give no percentile worth printing: such a route is counted instead. */
export const MIN_SAMPLES = 20;

/**
 * A GET under 10 connections for a few seconds, after a warm-up. A route too slow to answer
 * MIN_SAMPLES times in that time is measured by count instead (MIN_SAMPLES requests, however long
 * they take), so its p50 and p99 are still figures.
 */
export async function measureRead(opts: MeasureOptions): Promise<MeasuredRun> {
  const load = {
    url: opts.url,
    headers: opts.headers,
    connections: SCALE_TARGETS.connections,
    timeoutSeconds: 60,
  };
  await runLoad({ ...load, durationSeconds: opts.warmupSeconds });
  const timed = await measured(opts, () => runLoad({ ...load, durationSeconds: opts.durationSeconds }));
  if (timed.run.requests >= MIN_SAMPLES) return timed;
  return measured(opts, () =>
    runLoad({ ...load, durationSeconds: opts.durationSeconds, amount: MIN_SAMPLES }),
  );
}

/** The row of the report from a run and its probe. */
export function figures(
  endpoint: string,
  size: SizeName,
  kind: 'read' | 'write',
  probed: Probe,
  m: MeasuredRun,
): ScaleFigures {
  const calls = m.statements.reduce((n, s) => n + s.calls, 0);
  const ms = m.statements.reduce((n, s) => n + s.totalMs, 0);
  const requests = m.run.requests;
  return {
    endpoint,
    size,
    kind,
    status: probed.status,
    bytes: probed.bytes,
    gzipBytes: probed.gzipBytes,
    p50: m.run.p50,
    p99: m.run.p99,
    rps: m.run.rps,
    requests,
    non2xx: m.run.non2xx,
    errors: m.run.errors,
    cpuUsPerRequest: m.cpuUsPerRequest,
    statementsPerRequest: requests ? calls / requests : undefined,
    dbMsPerRequest: requests ? ms / requests : undefined,
  };
}

/** A slot the bench may book: the spec's booking body without the patient. */
export interface FreeSlot {
  doctorId: string;
  doctor: string;
  clinic: string;
  specialty: string;
  date: string;
}

/**
 * Free, bookable slots of up to `doctors` bookable doctors, by the booking rules of @medora/shared
 * (the dates a patient is offered, minus the slots taken), so every booking below is a 201.
 */
export async function freeSlots(db: pg.Client, doctors: number, now = new Date()): Promise<FreeSlot[]> {
  const { rows } = await db.query<{
    id: string;
    name: string;
    clinic: string;
    specialty: string;
    time_zone: string;
    schedule: DoctorSchedule;
    taken: string[] | null;
  }>(
    `SELECT d.id, d.name, d.clinic, d.specialty, d.time_zone, d.schedule,
            (SELECT array_agg(a.starts_at::text) FROM appointments a
              WHERE a.doctor_id = d.id AND a.status <> 'Cancelled' AND a.starts_at > now()) AS taken
       FROM doctors d
      WHERE d.verification_status = 'approved' AND d.suspended_at IS NULL AND d.is_available
        AND d.onboarding_completed AND d.accepting_new_patients
        AND jsonb_array_length(COALESCE(d.schedule -> 'availableDays', '[]'::jsonb)) > 0
      ORDER BY md5(d.id::text) LIMIT $1`,
    [doctors],
  );
  const slots: FreeSlot[] = [];
  for (const d of rows) {
    const timeZone = clinicTimeZone(d.time_zone);
    const schedule: DoctorSchedule = {
      availableDays: d.schedule.availableDays ?? [],
      timeSlots: d.schedule.timeSlots ?? {},
      exceptions: d.schedule.exceptions ?? [],
    };
    const taken: Record<string, string[]> = {};
    for (const start of d.taken ?? []) {
      const slot = slotOf(new Date(start), timeZone);
      (taken[slot.date] ??= []).push(slot.time);
    }
    for (const { date } of availableDates(schedule, { timeZone, now })) {
      for (const time of slotsFor(schedule, date, taken)) {
        slots.push({
          doctorId: d.id,
          doctor: d.name,
          clinic: d.clinic,
          specialty: d.specialty,
          date: formatAppointmentDate(date, time),
        });
      }
    }
  }
  return slots;
}

/**
 * `POST /api/appointments` under 10 connections: every request books another free slot, for one of
 * `patients` in turn (each with its own token), until the slots or `durationSeconds` run out.
 */
export async function measureBooking(
  opts: Omit<MeasureOptions, 'headers' | 'warmupSeconds'> & {
    patients: { uid: string; idToken: string }[];
    slots: FreeSlot[];
  },
): Promise<MeasuredRun> {
  let next = 0;
  const requests: autocannon.Request[] = [
    {
      method: 'POST',
      setupRequest: (req: autocannon.Request) => {
        const i = next++;
        const slot = opts.slots[i % opts.slots.length]!;
        const patient = opts.patients[i % opts.patients.length]!;
        return {
          ...req,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${patient.idToken}` },
          body: JSON.stringify({
            uid: patient.uid,
            ...slot,
            notes: 'Benchmark visit',
            prescriptionUrl: null,
            bookedAt: new Date().toISOString(),
          }),
        };
      },
    },
  ];
  return measured(opts, () =>
    runLoad({
      url: opts.url,
      headers: {},
      connections: SCALE_TARGETS.connections,
      durationSeconds: opts.durationSeconds,
      amount: opts.slots.length,
      requests,
    }),
  );
}
