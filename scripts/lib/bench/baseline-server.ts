/**
 * The raw baseline of `npm run bench`, run as its own process (`baseline.ts` starts it): `node:http` +
 * `pg`, no framework, answering the two benchmarked routes with the statements the API issues for them
 * — the caller lookup, then one read (the appointment list with its audit row folded in) — and the same
 * JSON. The SQL, the parameters and the row → JSON mapping are imported from the API's repositories
 * (product code, as the API runs it), so the two cannot drift apart; what is left to compare is the
 * framework around them.
 *
 * Env: BASELINE_PORT, DATABASE_URL, DB_POOL_SIZE (the API's pool size, 10 by default).
 */
import { createHash } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import pg from 'pg';
import { listAppointmentsQuerySchema, uidSchema, type Role } from '@medora/shared';
import {
  APPOINTMENTS_OF_PATIENT_SQL,
  appointmentListAudit,
  toAppointment,
  type AppointmentRow,
} from '../../../api/src/appointments/appointments.repository.js';
import { auditParams, withAuditInsert } from '../../../api/src/audit/audit.repository.js';
import { bookingWindowParams } from '../../../api/src/appointments/booking-window.rules.js';
import {
  doctorsPageSql,
  toDoctorsWithContext,
  type DoctorPageRow,
} from '../../../api/src/doctors/doctor-search.repository.js';
import { DOCTOR_PAGE_DEFAULT } from '@medora/shared';
import { CALLER_ROLE_SQL, CALLER_ROLE_STATEMENT } from '../../../api/src/users/users.repository.js';

const port = Number(process.env.BASELINE_PORT);
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DB_POOL_SIZE || 10),
});
let stopping = false;
const AUDITED_LIST_SQL = withAuditInsert(APPOINTMENTS_OF_PATIENT_SQL, 1);

/**
 * Token → uid until its `exp`, keyed by the token's SHA-256: what the API's verified-token cache does
 * on a hit, which is all a benchmark that sends one token ever exercises. The first sight of a token
 * decodes it without checking its signature — the API verified these very tokens at warm-up.
 */
const tokens = new Map<string, { uid: string; exp: number }>();

function callerUid(header: string | undefined): string | null {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) return null;
  const key = createHash('sha256').update(match[1]!).digest('hex');
  let entry = tokens.get(key);
  if (!entry) {
    try {
      const payload = JSON.parse(Buffer.from(match[1]!.split('.')[1] ?? '', 'base64url').toString()) as {
        sub?: string;
        exp?: number;
      };
      if (!payload.sub || !payload.exp) return null;
      entry = { uid: payload.sub, exp: payload.exp };
      tokens.set(key, entry);
    } catch {
      return null;
    }
  }
  return entry.exp * 1000 > Date.now() ? entry.uid : null;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  res.end(json);
}

const CONTEXT_PATH = '/api/doctors-with-context/';

const server = createServer((req, res) => {
  void (async () => {
    const url = new URL(req.url ?? '/', 'http://baseline');
    const isContext = url.pathname.startsWith(CONTEXT_PATH);
    if (req.method !== 'GET' || (!isContext && url.pathname !== '/api/appointments')) {
      send(res, 404, { statusCode: 404, message: 'Not found' });
      return;
    }
    const uid = callerUid(req.headers.authorization);
    if (!uid) {
      send(res, 401, { statusCode: 401, message: 'Unauthenticated' });
      return;
    }
    const { rows: users } = await pool.query<{ role: Role }>({
      name: CALLER_ROLE_STATEMENT,
      text: CALLER_ROLE_SQL,
      values: [uid],
    });
    const caller = { uid, role: users[0]?.role ?? null };
    const patientUid = isContext
      ? uidSchema.safeParse(decodeURIComponent(url.pathname.slice(CONTEXT_PATH.length))).data
      : listAppointmentsQuerySchema.safeParse(Object.fromEntries(url.searchParams)).data?.uid;
    if (!patientUid) {
      send(res, 400, { statusCode: 400, message: 'Bad request' });
      return;
    }
    if (patientUid !== caller.uid && caller.role !== 'admin') {
      send(res, 403, { statusCode: 403, message: 'Forbidden' });
      return;
    }
    if (isContext) {
      // The first page of the doctor search, unfiltered (the API's default request).
      const now = new Date();
      const page = doctorsPageSql({
        patientUid,
        rows: DOCTOR_PAGE_DEFAULT + 1,
        window: bookingWindowParams(now),
      });
      const { rows } = await pool.query<DoctorPageRow>(page.sql, page.params);
      send(res, 200, toDoctorsWithContext(rows, { limit: DOCTOR_PAGE_DEFAULT, now }));
      return;
    }
    const { rows } = await pool.query<AppointmentRow>(AUDITED_LIST_SQL, [
      patientUid,
      ...auditParams(appointmentListAudit(caller, patientUid, 'allowed')),
    ]);
    send(res, 200, rows.map(toAppointment));
  })().catch((error: unknown) => {
    // Requests still open when the benchmark stops the server fail on the closed pool: not news.
    if (!stopping) console.error(error);
    if (!res.headersSent) send(res, 500, { statusCode: 500, message: 'Internal error' });
  });
});

server.keepAliveTimeout = 72_000;
server.listen(port, '127.0.0.1', () => console.log(`baseline listening on ${port}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopping = true;
    server.close();
    server.closeAllConnections();
    void pool.end().finally(() => process.exit(0));
  });
}
