/**
 * `npm run bench`: the API's speed against a raw baseline, and the frontend's weight, printed
 * as tables. A report, not a test: it exits 0 when a target is missed and says which.
 *
 * The stack runs as `npm start` runs it (production build, local mode against the Auth emulator — never
 * NODE_ENV=production there, which refuses the emulator — LOG_LEVEL=silent) on its
 * own ports (BENCH_PORT_OFFSET, default 24000) and its own temporary data folder. A patient, its
 * appointments and other patients' bookings are made through the Auth emulator and the API's routes.
 * Beside the API, `lib/bench/baseline-server.ts` (node:http + pg) answers the same two routes with
 * the same statements and JSON; both are measured back to back with autocannon, so their ratio holds
 * on a noisy machine while the absolute figures do not (the CPU time per request, printed too, moves
 * even less). The fixed rate runs twice: with autocannon's `overallRate` as asked, which sends each
 * connection's share in a burst at the start of every second, and evenly paced (`runPaced`).
 * The log/metrics overhead: a second API process from the same build, with JSON request
 * logs at info into a file and Prometheus metrics on (`lib/bench/observed-api.ts`), is measured
 * against the silent API and the baseline, the three back to back in every round.
 *
 *   npm run bench
 *   BENCH_DURATION=10 BENCH_ROUNDS=5 npm run bench      longer runs on an idle machine
 *   BENCH_SKIP_WEB=1 npm run bench                      API figures only (no Chromium)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { Stack } from './lib/stack.js';
import { startBaseline, type RunningBaseline } from './lib/bench/baseline.js';
import { createFixture, type BenchFixture } from './lib/bench/fixture.js';
import { startFloorServer } from './lib/bench/floor.js';
import { figuresOf, pooled, runLoad, runPaced, type LoadRun } from './lib/bench/load.js';
import {
  countedRequests,
  logFileFigures,
  startObservedApi,
  type ObservedApi,
} from './lib/bench/observed-api.js';
import { benchNginx, nginxTable } from './lib/bench/nginx.js';
import { childPid, cpuMs } from './lib/bench/process-cpu.js';
import { measureReplicas, replicaTable } from './lib/bench/replicas.js';
import { benchStackEnv, numberFromEnv, portsInBlock } from './lib/bench/stack-env.js';
import { measureRaisedBar, RAISED_BAR, raisedBarTable, type RaisedBarRow } from './lib/bench/raised-bar.js';
import {
  cpuTable,
  markdownTable,
  missedTargets,
  overheadTable,
  overheadVerdict,
  speedTable,
  type BenchRow,
  type FixedRateRow,
  type LoadFigures,
  type OverheadRow,
  type ThroughputRow,
} from './lib/bench/report.js';
import {
  FEDERATION_FILES_HEAD,
  ROUTE_JAVASCRIPT_HEAD,
  federationFileRows,
  launchChromium,
  patientSession,
  routeJavaScriptRows,
} from './lib/bench/web.js';

const root = path.resolve(__dirname, '..');

const SETTINGS = {
  portOffset: numberFromEnv('BENCH_PORT_OFFSET', 24000, 0),
  /** Seconds per measured throughput run, and how many API/baseline pairs. */
  duration: numberFromEnv('BENCH_DURATION', 5, 1),
  rounds: numberFromEnv('BENCH_ROUNDS', 3, 1),
  warmup: numberFromEnv('BENCH_WARMUP', 3, 1),
  fixedDuration: numberFromEnv('BENCH_FIXED_DURATION', 10, 1),
  poolSize: numberFromEnv('DB_POOL_SIZE', 10, 1),
};

/** The bench's targets, with the raised throughput ratio of `RAISED_BAR`. */
const TARGETS = {
  throughputConnections: 50,
  minRatio: RAISED_BAR.minRatio,
  fixedRate: 1000,
  fixedConnections: 10,
  maxP99Ms: 5,
};

/** The stack's environment, with booking limits high enough for the fixture. */
function stackEnv(dataDir: string): NodeJS.ProcessEnv {
  return benchStackEnv({
    dataDir,
    portOffset: SETTINGS.portOffset,
    poolSize: SETTINGS.poolSize,
    extra: {
      ...(process.env.BENCH_PORT_BASE ? portsInBlock(numberFromEnv('BENCH_PORT_BASE', 0, 1024)) : {}),
      BOOKING_MAX_PER_HOUR: '1000',
      BOOKING_MAX_UPCOMING: '1000',
    },
  });
}

interface Endpoint {
  name: string;
  path: string;
  /** Audited reads write one audit row per request: checked on both servers while they are measured. */
  audited: boolean;
}

class AuditCounter {
  constructor(
    private readonly db: pg.Client,
    private readonly patientUid: string,
  ) {}

  async count(): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'list' AND resource_type = 'appointment' AND detail = $1`,
      [`patient ${this.patientUid}`],
    );
    return rows[0]!.n;
  }
}

/** Audit rows written while each server was measured, against the 2xx responses it gave. */
type AuditTally = Record<keyof Servers, { rows: number; responses: number }>;

interface Servers {
  api: string;
  baseline: string;
}

/** The server processes, for their CPU time (Linux /proc; undefined elsewhere). */
type Pids = Record<keyof Servers, number | undefined>;

async function measureEndpoint(
  endpoint: Endpoint,
  servers: Servers,
  pids: Pids,
  headers: Record<string, string>,
  audit: AuditCounter,
  auditRatios: AuditTally,
): Promise<BenchRow[]> {
  const cpu = { api: { ms: 0, requests: 0 }, baseline: { ms: 0, requests: 0 } };
  let cpuKnown = pids.api !== undefined && pids.baseline !== undefined;
  const throughput = async (server: keyof Servers): Promise<LoadRun> => {
    const before = endpoint.audited ? await audit.count() : 0;
    const cpuBefore = cpuKnown ? cpuMs(pids[server]!) : null;
    const run = await runLoad({
      url: servers[server] + endpoint.path,
      headers,
      connections: TARGETS.throughputConnections,
      durationSeconds: SETTINGS.duration,
    });
    const cpuAfter = cpuKnown ? cpuMs(pids[server]!) : null;
    if (cpuBefore === null || cpuAfter === null) cpuKnown = false;
    else {
      cpu[server].ms += cpuAfter - cpuBefore;
      cpu[server].requests += run.requests;
    }
    if (endpoint.audited) {
      auditRatios[server].rows += (await audit.count()) - before;
      auditRatios[server].responses += run.requests - run.non2xx;
    }
    return run;
  };
  console.log(`\n${endpoint.name}: warming up both servers (${SETTINGS.warmup} s each)…`);
  for (const server of ['api', 'baseline'] as const) {
    await runLoad({
      url: servers[server] + endpoint.path,
      headers,
      connections: TARGETS.throughputConnections,
      durationSeconds: SETTINGS.warmup,
    });
  }
  const rounds: { api: LoadRun; baseline: LoadRun }[] = [];
  for (let i = 0; i < SETTINGS.rounds; i++) {
    // Alternate who goes first, so a trend in the machine's load does not favour one side.
    const order = i % 2 === 0 ? (['api', 'baseline'] as const) : (['baseline', 'api'] as const);
    const round: Partial<Record<keyof Servers, LoadRun>> = {};
    for (const server of order) round[server] = await throughput(server);
    rounds.push({ api: round.api!, baseline: round.baseline! });
    console.log(
      `  round ${i + 1}/${SETTINGS.rounds}: API ${Math.round(round.api!.rps)} req/s, baseline ${Math.round(round.baseline!.rps)} req/s`,
    );
  }
  const fixedRows: FixedRateRow[] = [];
  for (const pacing of ['autocannon', 'even'] as const) {
    const fixed: Partial<Record<keyof Servers, LoadRun>> = {};
    for (const server of ['api', 'baseline'] as const) {
      const options = {
        url: servers[server] + endpoint.path,
        headers,
        connections: TARGETS.fixedConnections,
        durationSeconds: SETTINGS.fixedDuration,
        overallRate: TARGETS.fixedRate,
      };
      fixed[server] = pacing === 'autocannon' ? await runLoad(options) : await runPaced(options);
    }
    console.log(
      `  fixed ${TARGETS.fixedRate} req/s (${pacing === 'even' ? 'evenly paced' : 'autocannon overallRate'}): ` +
        `API p99 ${fixed.api!.p99.toFixed(2)} ms, baseline p99 ${fixed.baseline!.p99.toFixed(2)} ms`,
    );
    fixedRows.push({
      kind: 'fixed-rate',
      endpoint: endpoint.name,
      connections: TARGETS.fixedConnections,
      rate: TARGETS.fixedRate,
      pacing,
      api: figuresOf(fixed.api!),
      baseline: figuresOf(fixed.baseline!),
      maxP99Ms: TARGETS.maxP99Ms,
    });
  }
  const throughputRow: ThroughputRow = {
    kind: 'throughput',
    endpoint: endpoint.name,
    connections: TARGETS.throughputConnections,
    rounds: rounds.map((r) => ({ api: figuresOf(r.api), baseline: figuresOf(r.baseline) })),
    api: pooled(rounds.map((r) => r.api)),
    baseline: pooled(rounds.map((r) => r.baseline)),
    minRatio: TARGETS.minRatio,
    ...(cpuKnown
      ? {
          cpuPerRequestUs: {
            api: (cpu.api.ms * 1000) / cpu.api.requests,
            baseline: (cpu.baseline.ms * 1000) / cpu.baseline.requests,
          },
        }
      : {}),
  };
  return [throughputRow, ...fixedRows];
}

type OverheadServer = keyof OverheadRow['rounds'][number];

/** The observed API (logs+metrics) against the silent API and the baseline, three back to back per round. */
async function measureOverhead(
  endpoint: Endpoint,
  urls: Record<OverheadServer, string>,
  pids: { silent: number | undefined; observed: number | undefined },
  headers: Record<string, string>,
): Promise<OverheadRow> {
  const load = (server: OverheadServer, durationSeconds: number) =>
    runLoad({
      url: urls[server] + endpoint.path,
      headers,
      connections: TARGETS.throughputConnections,
      durationSeconds,
    });
  console.log(`\n${endpoint.name}, logs+metrics: warming up the observed API (${SETTINGS.warmup} s)…`);
  await load('observed', SETTINGS.warmup);
  // Each server goes first, second and third in turn, so a trend in the machine's load favours none.
  const orders: OverheadServer[][] = [
    ['silent', 'observed', 'baseline'],
    ['observed', 'baseline', 'silent'],
    ['baseline', 'silent', 'observed'],
  ];
  const rounds: OverheadRow['rounds'] = [];
  // CPU time per request barely moves with other work on the machine, unlike req/s.
  const cpu = { silent: { ms: 0, requests: 0 }, observed: { ms: 0, requests: 0 } };
  let cpuKnown = pids.silent !== undefined && pids.observed !== undefined;
  for (let i = 0; i < SETTINGS.rounds; i++) {
    const round: Partial<Record<OverheadServer, LoadFigures>> = {};
    for (const server of orders[i % orders.length]!) {
      const pid = server === 'baseline' ? undefined : pids[server];
      const before = pid !== undefined && cpuKnown ? cpuMs(pid) : null;
      const run = await load(server, SETTINGS.duration);
      if (server !== 'baseline' && cpuKnown) {
        const after = cpuMs(pid!);
        if (before === null || after === null) cpuKnown = false;
        else {
          cpu[server].ms += after - before;
          cpu[server].requests += run.requests;
        }
      }
      round[server] = figuresOf(run);
    }
    const r = round as Record<OverheadServer, LoadFigures>;
    rounds.push(r);
    console.log(
      `  round ${i + 1}/${SETTINGS.rounds}: API silent ${Math.round(r.silent.rps)}, logs+metrics ` +
        `${Math.round(r.observed.rps)}, baseline ${Math.round(r.baseline.rps)} req/s`,
    );
  }
  return {
    endpoint: endpoint.name,
    connections: TARGETS.throughputConnections,
    rounds,
    minRatio: TARGETS.minRatio,
    ...(cpuKnown
      ? {
          cpuPerRequestUs: {
            silent: (cpu.silent.ms * 1000) / cpu.silent.requests,
            observed: (cpu.observed.ms * 1000) / cpu.observed.requests,
          },
        }
      : {}),
  };
}

/**
 * After an endpoint's throughput rounds, both servers evenly paced at half the baseline's
 * maximum of those rounds, for the raised bar's p99 comparison (printed with the ratio and CPU checks).
 */
async function raisedBar(
  endpoint: Endpoint,
  measured: BenchRow[],
  servers: Servers,
  headers: Record<string, string>,
): Promise<RaisedBarRow> {
  const row = measured.find((r): r is ThroughputRow => r.kind === 'throughput')!;
  const result = await measureRaisedBar({
    row,
    urls: { api: servers.api + endpoint.path, baseline: servers.baseline + endpoint.path },
    headers,
    connections: TARGETS.fixedConnections,
    durationSeconds: SETTINGS.fixedDuration,
  });
  console.log(
    `  paced ${result.paced.rate} req/s (half the baseline's maximum): API p99 ${result.paced.api.p99.toFixed(2)} ms, ` +
      `baseline p99 ${result.paced.baseline.p99.toFixed(2)} ms`,
  );
  return result;
}

/** Both servers must answer the benchmarked requests alike, or the ratio compares different work. */
async function assertSameAnswers(endpoints: Endpoint[], servers: Servers, headers: Record<string, string>) {
  for (const endpoint of endpoints) {
    const [api, baseline] = await Promise.all(
      [servers.api, servers.baseline].map(async (base) => {
        const res = await fetch(base + endpoint.path, { headers });
        return { status: res.status, body: (await res.json()) as unknown };
      }),
    );
    if (api!.status !== 200 || !isDeepStrictEqual(api, baseline)) {
      throw new Error(
        `The API and the baseline answer ${endpoint.path} differently, so their speeds cannot be compared:\n` +
          `API ${api!.status}: ${JSON.stringify(api!.body).slice(0, 800)}\n` +
          `baseline ${baseline!.status}: ${JSON.stringify(baseline!.body).slice(0, 800)}`,
      );
    }
  }
}

async function frontendFigures(stack: Stack): Promise<void> {
  console.log('\n## Frontend (production build)\n');
  console.log('### Federation files of each build (gzip -9 of the file on disk)\n');
  console.log(markdownTable(FEDERATION_FILES_HEAD, federationFileRows()));
  if (process.env.BENCH_SKIP_WEB) {
    console.log('\n(BENCH_SKIP_WEB: initial JavaScript per route not measured.)');
    return;
  }
  console.log('\n### Initial JavaScript per route (Chromium, cold cache, until the network is idle)\n');
  try {
    const browser = await launchChromium();
    try {
      const session = await patientSession(
        stack.origin,
        `http://127.0.0.1:${stack.ports.AUTH_EMULATOR_PORT}`,
      );
      console.log(
        markdownTable(ROUTE_JAVASCRIPT_HEAD, await routeJavaScriptRows(browser, stack.origin, session)),
      );
    } finally {
      await browser.close();
    }
  } catch (error) {
    console.log(`Not measured: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The same fixed-rate runs against a server that does nothing: the floor this machine allows. */
async function printFloor(port: number): Promise<void> {
  const floor = await startFloorServer(port);
  try {
    const options = {
      url: floor.url,
      headers: {},
      connections: TARGETS.fixedConnections,
      durationSeconds: SETTINGS.fixedDuration,
      overallRate: TARGETS.fixedRate,
    };
    const bursts = await runLoad(options);
    const even = await runPaced(options);
    console.log(
      `Floor of this machine at ${TARGETS.fixedRate} req/s, ${TARGETS.fixedConnections} connections — a bare ` +
        `node:http server answering constant JSON (no framework, database or token): p99 ` +
        `${bursts.p99.toFixed(2)} ms (autocannon overallRate), ${even.p99.toFixed(2)} ms (evenly paced); ` +
        `p50 ${bursts.p50.toFixed(2)} / ${even.p50.toFixed(2)} ms.`,
    );
  } finally {
    await floor.stop();
  }
}

function describeAudit(tally: AuditTally): string {
  const perResponse = ({ rows, responses }: { rows: number; responses: number }) =>
    responses ? (rows / responses).toFixed(3) : '—';
  // Requests still in flight when a run ends are written but not counted: a hair above 1 is expected.
  return (
    `Audit rows written per 2xx response of the audited route: API ${perResponse(tally.api)}, ` +
    `baseline ${perResponse(tally.baseline)} (one row per request = 1).`
  );
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'medora-bench-'));
  const stack = new Stack({ root, dev: false, env: stackEnv(dataDir), log: (l) => console.log(l) });
  let baseline: RunningBaseline | undefined;
  let observed: ObservedApi | undefined;
  let db: pg.Client | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanup = () =>
    (cleaning ??= (async () => {
      await db?.end().catch(() => undefined);
      await baseline?.stop();
      await observed?.stop();
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      console.log(`\n${signal}: stopping the benchmark stack…`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  try {
    console.log(
      `Starting the stack as \`npm start\` runs it (production build) on PORT_OFFSET ${SETTINGS.portOffset}…`,
    );
    await stack.start();
    const api = `http://127.0.0.1:${stack.ports.API_PORT}`;
    const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${stack.ports.EMBEDDED_PG_PORT}/medora`;
    const fixture: BenchFixture = await createFixture({
      api,
      authEmulator: `http://127.0.0.1:${stack.ports.AUTH_EMULATOR_PORT}`,
      log: (l) => console.log(l),
    });
    baseline = await startBaseline({
      root,
      port: Number(process.env.BENCH_BASELINE_PORT || stack.ports.API_PORT + 1),
      databaseUrl,
      poolSize: SETTINGS.poolSize,
    });
    observed = await startObservedApi({
      root,
      env: {
        ...stackEnv(dataDir),
        // The stack's emulator and project; not local mode (no demo accounts), like production.
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${stack.ports.AUTH_EMULATOR_PORT}`,
        NODE_ENV: 'development',
        MEDORA_LOCAL_MODE: 'false',
      },
      port: Number(process.env.BENCH_OBSERVED_PORT || stack.ports.API_PORT + 3),
      metricsPort: Number(process.env.BENCH_METRICS_PORT || stack.ports.API_PORT + 4),
      databaseUrl,
      logFile: path.join(dataDir, 'observed-api.log'),
    });
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();

    const servers: Servers = { api, baseline: baseline.url };
    // The stack starts the API as a child of this process.
    const pids: Pids = {
      api: childPid(process.pid, path.join('api', 'dist', 'main.js')),
      baseline: baseline.pid,
    };
    const headers = { authorization: `Bearer ${fixture.patient.idToken}` };
    const endpoints: Endpoint[] = [
      {
        name: 'GET /api/doctors-with-context/{uid}',
        path: `/api/doctors-with-context/${fixture.patient.uid}`,
        audited: false,
      },
      {
        name: 'GET /api/appointments?uid=',
        path: `/api/appointments?uid=${fixture.patient.uid}`,
        audited: true,
      },
    ];
    await assertSameAnswers(endpoints, servers, headers);
    await assertSameAnswers(endpoints, { api: observed.url, baseline: baseline.url }, headers);

    const audit = new AuditCounter(db, fixture.patient.uid);
    const auditRatios: AuditTally = { api: { rows: 0, responses: 0 }, baseline: { rows: 0, responses: 0 } };
    const rows: BenchRow[] = [];
    const raised: RaisedBarRow[] = [];
    for (const endpoint of endpoints) {
      const measured = await measureEndpoint(endpoint, servers, pids, headers, audit, auditRatios);
      rows.push(...measured);
      raised.push(await raisedBar(endpoint, measured, servers, headers));
    }

    console.log('\n## API speed against the raw baseline (node:http + pg, the same SQL and JSON)\n');
    console.log(
      `${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; ${SETTINGS.rounds} × ${SETTINGS.duration} s throughput rounds, ` +
        `${SETTINGS.fixedDuration} s at the fixed rate; DB pool ${SETTINGS.poolSize} on both; ` +
        `${fixture.appointments} appointments, ${fixture.doctors} doctors, ${fixture.takenSlots} taken slots.\n`,
    );
    console.log(speedTable(rows));
    console.log('');
    for (const line of missedTargets(rows)) console.log(line);
    console.log(describeAudit(auditRatios));
    await printFloor(stack.ports.API_PORT + 2);
    const cpuPerRequest = cpuTable(rows);
    if (cpuPerRequest) {
      console.log('\n### CPU time per request of each server process (throughput rounds)\n');
      console.log(cpuPerRequest);
    }
    console.log(
      `\n### The raised bar (paced rate: ${RAISED_BAR.rateShare} × the baseline's maximum of this run, ` +
        `${TARGETS.fixedConnections} connections, ${SETTINGS.fixedDuration} s)\n`,
    );
    console.log(raisedBarTable(raised));

    const overheadRows: OverheadRow[] = [];
    for (const endpoint of endpoints) {
      overheadRows.push(
        await measureOverhead(
          endpoint,
          { silent: servers.api, observed: observed.url, baseline: servers.baseline },
          { silent: pids.api, observed: observed.pid },
          headers,
        ),
      );
    }
    console.log('\n## Log/metrics overhead\n');
    console.log(
      'The API as production runs it — JSON request logs at info (LOG_LEVEL=log) written to a file, ' +
        'Prometheus metrics on — against the same build with LOG_LEVEL=silent and no metrics, and against ' +
        `the raw baseline: medians of ${SETTINGS.rounds} rounds of ${SETTINGS.duration} s, ` +
        `${TARGETS.throughputConnections} connections, the three back to back in each round.\n`,
    );
    console.log(overheadTable(overheadRows));
    console.log('');
    for (const row of overheadRows) {
      const v = overheadVerdict(row);
      console.log(v.met ? `Met: ${row.endpoint}` : `MISSED: ${row.endpoint}, logs+metrics: ${v.reason}`);
    }
    const written = logFileFigures(observed.logFile);
    console.log(
      `The observed API wrote ${written.requestLines.toLocaleString('en-US')} request lines ` +
        `(${(written.bytes / 1024 / 1024).toFixed(1)} MB of JSON) and its histogram counted ` +
        `${(await countedRequests(observed.metricsUrl)).toLocaleString('en-US')} requests.`,
    );

    await frontendFigures(stack);
    await gatewayFigures(api);
  } finally {
    await cleanup();
  }
  await replicaFigures();
}

/** A hot read through the repository's nginx gateway against the API directly. */
async function gatewayFigures(api: string): Promise<void> {
  console.log('\n## The gateway’s cost: the API directly and through nginx\n');
  try {
    const rows = await benchNginx({
      apiUrl: api,
      path: '/api/doctors',
      port: SETTINGS.portOffset + 2900,
      durationSeconds: SETTINGS.duration,
    });
    console.log(nginxTable(rows));
  } catch (error) {
    console.log(`Skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * One against two API processes on this machine (correctness and no regression, not a
 * speed-up: the two share 2 cores). Its own stack, after the main one stopped; needs Redis.
 */
async function replicaFigures(): Promise<void> {
  console.log('\n## One against two API processes on one Postgres and one Redis\n');
  try {
    const rows = await measureReplicas({
      root,
      portOffset: SETTINGS.portOffset + 3000,
      durationSeconds: SETTINGS.duration,
      connections: TARGETS.throughputConnections,
      redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      log: (line) => console.log(line),
    });
    console.log(replicaTable(rows));
  } catch (error) {
    console.log(`Skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
