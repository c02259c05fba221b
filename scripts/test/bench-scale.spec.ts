import {
  describeScans,
  formatBytes,
  growthFactor,
  growthTable,
  planScans,
  scaleTable,
  scaleVerdict,
  type ScaleFigures,
} from '../lib/bench/scale/report.js';
import { appointmentsOfDoctor, parseSizes, seedPlan, SIZES } from '../lib/bench/scale/sizes.js';
import { portsInBlock } from '../lib/bench/stack-env.js';

const row = (over: Partial<ScaleFigures> = {}): ScaleFigures => ({
  endpoint: 'GET /api/doctors',
  size: 'L',
  kind: 'read',
  status: 200,
  bytes: 4_000,
  gzipBytes: 900,
  p50: 3,
  p99: 12,
  rps: 900,
  requests: 2_700,
  non2xx: 0,
  errors: 0,
  ...over,
});

describe('seedPlan', () => {
  const empty = { approvedDoctors: 6, patients: 0, appointments: 0, auditRows: 0, pendingApplications: 0 };

  it('adds the difference between the size and what the database holds', () => {
    const plan = seedPlan(SIZES.M, { ...empty, patients: 512, appointments: 2_010, auditRows: 300 });
    expect(plan).toMatchObject({
      approvedDoctors: 994,
      patients: 49_488,
      appointments: 297_990,
      auditRows: 999_700,
      pendingApplications: 5_000,
      unplaced: 0,
    });
  });

  it('spreads the new appointments over the new doctors so that they add up exactly', () => {
    const plan = seedPlan(SIZES.M, { ...empty, appointments: 2_010 });
    let total = 0;
    for (let seq = 0; seq < plan.approvedDoctors; seq++) total += appointmentsOfDoctor(plan, seq);
    expect(total).toBe(plan.appointments);
    expect(
      appointmentsOfDoctor(plan, 0) - appointmentsOfDoctor(plan, plan.approvedDoctors - 1),
    ).toBeLessThanOrEqual(1);
  });

  it('adds nothing to a size that is there already, and never a negative count', () => {
    const plan = seedPlan(SIZES.M, { ...SIZES.L });
    expect(plan).toMatchObject({
      approvedDoctors: 0,
      patients: 0,
      appointments: 0,
      auditRows: 0,
      unplaced: 0,
    });
  });

  it('says how many appointments it cannot place when no new doctor can take them', () => {
    const plan = seedPlan(SIZES.M, { ...empty, approvedDoctors: 1_000 });
    expect(plan.appointments).toBe(0);
    expect(plan.unplaced).toBe(300_000);
  });

  it('grows M into L by the difference only', () => {
    const plan = seedPlan(SIZES.L, { ...SIZES.M });
    expect(plan).toMatchObject({
      approvedDoctors: 9_000,
      patients: 150_000,
      appointments: 1_700_000,
      auditRows: 4_000_000,
    });
    expect(plan.pendingApplications).toBe(0);
  });
});

describe('parseSizes', () => {
  it('keeps the sizes in ascending order whatever the order asked', () => {
    expect(parseSizes('l,S')).toEqual(['S', 'L']);
    expect(parseSizes(undefined)).toEqual(['S', 'M', 'L']);
  });

  it('refuses an unknown size', () => {
    expect(() => parseSizes('S,XL')).toThrow("--sizes takes a comma-separated list of S, M, L (got 'S,XL')");
  });
});

describe('growthFactor', () => {
  it('is the large figure over the small one', () => {
    expect(growthFactor(7, 3_300)).toBeCloseTo(471.43, 2);
  });

  it('is NaN when the small figure is zero or missing', () => {
    expect(growthFactor(0, 5)).toBeNaN();
    expect(growthFactor(NaN, 5)).toBeNaN();
  });
});

describe('scaleVerdict', () => {
  it('passes a read within 50 ms p99 and 100 KB', () => {
    expect(scaleVerdict(row())).toEqual({ met: true, reason: '' });
  });

  it('fails a read over either target and names both', () => {
    expect(scaleVerdict(row({ p99: 3_300, bytes: 9.3 * 1024 * 1024 }))).toEqual({
      met: false,
      reason: 'p99 3300.00 ms > 50 ms; 9.30 MB > 100.0 KB',
    });
  });

  it('judges a write on its p99 only', () => {
    expect(scaleVerdict(row({ kind: 'write', status: 201, bytes: NaN, p99: 40 })).met).toBe(true);
    expect(scaleVerdict(row({ kind: 'write', status: 201, bytes: NaN, p99: 51 })).reason).toBe(
      'p99 51.00 ms > 50 ms',
    );
  });

  it('fails a route that does not answer 2xx, or a run with errors', () => {
    expect(scaleVerdict(row({ status: 404 }))).toEqual({ met: false, reason: 'answered 404' });
    expect(scaleVerdict(row({ non2xx: 3 })).reason).toBe('3 non-2xx and 0 errors during the run');
  });
});

describe('tables', () => {
  it('prints each run with its bytes, gzip bytes and SQL per request', () => {
    const table = scaleTable([
      row({ statementsPerRequest: 3, dbMsPerRequest: 0.456, cpuUsPerRequest: 812.4 }),
    ]);
    expect(table.split('\n')[2]).toBe(
      '| `GET /api/doctors` | L | 200 | 3.00 ms | 12.00 ms | 900 | 3.9 KB (900 B) | 3.0 | 0.46 | 812 |',
    );
  });

  it('prints the growth from the smallest to the largest size and the verdict at the largest', () => {
    const table = growthTable([
      row({ size: 'S', p99: 2, bytes: 4_000 }),
      row({ size: 'M', p99: 20, bytes: 40_000 }),
      row({ size: 'L', p99: 200, bytes: 400_000 }),
    ]);
    expect(table.split('\n')[2]).toBe(
      '| `GET /api/doctors` | S → L | 2.00 ms → 200.00 ms | ×100 | 3.9 KB → 390.6 KB | ×100 | ' +
        'p99 ≤ 50 ms, ≤ 100.0 KB (at L) | **FAIL** (p99 200.00 ms > 50 ms; 390.6 KB > 100.0 KB) |',
    );
  });

  it('formats bytes in B, KB and MB', () => {
    expect([formatBytes(512), formatBytes(6_963), formatBytes(9_751_756), formatBytes(null)]).toEqual([
      '512 B',
      '6.8 KB',
      '9.30 MB',
      '—',
    ]);
  });
});

describe('plans', () => {
  const plan = [
    {
      Plan: {
        'Node Type': 'Nested Loop',
        Plans: [
          {
            'Node Type': 'Index Scan',
            'Relation Name': 'appointments',
            'Index Name': 'idx_a',
            'Plan Rows': 20,
          },
          { 'Node Type': 'Seq Scan', 'Relation Name': 'doctors', 'Plan Rows': 10_000 },
          {
            'Node Type': 'Hash',
            Plans: [{ 'Node Type': 'Seq Scan', 'Relation Name': 'users', 'Plan Rows': 5 }],
          },
        ],
      },
    },
  ];

  it('lists the scans of a plan tree, depth first', () => {
    expect(planScans(plan)).toEqual([
      { node: 'Index Scan', relation: 'appointments', index: 'idx_a', rows: 20 },
      { node: 'Seq Scan', relation: 'doctors', index: null, rows: 10_000 },
      { node: 'Seq Scan', relation: 'users', index: null, rows: 5 },
    ]);
  });

  it('marks a sequential scan of a big table', () => {
    expect(describeScans(planScans(plan))).toBe(
      'Index Scan idx_a on appointments; **Seq Scan on doctors (~10,000 rows)**; Seq Scan on users',
    );
    expect(describeScans([])).toBe('no table scan');
  });
});

describe('portsInBlock', () => {
  it('puts every port of the stack within 1,000 of the base', () => {
    const ports = Object.values(portsInBlock(48_000)).map(Number);
    expect(new Set(ports).size).toBe(ports.length);
    expect(ports.every((p) => p >= 48_000 && p < 49_000)).toBe(true);
    expect(portsInBlock(48_000).API_PORT).toBe('48000');
  });

  it('keeps two stacks apart when their bases are 10 apart', () => {
    const a = Object.values(portsInBlock(48_000));
    const b = Object.values(portsInBlock(48_010));
    expect(a.filter((p) => b.includes(p))).toEqual([]);
  });

  it('refuses a base that leaves no room for the ports', () => {
    expect(() => portsInBlock(64_500)).toThrow('BENCH_PORT_BASE must be a whole number from 1024 to 64000');
  });
});
