import { pacedRate, raisedBarChecks, raisedBarTable, type RaisedBarRow } from '../lib/bench/raised-bar.js';
import type { LoadFigures, ThroughputRow } from '../lib/bench/report.js';

const figures = (over: Partial<LoadFigures> = {}): LoadFigures => ({
  rps: 700,
  p50: 2,
  p99: 8,
  requests: 7_000,
  non2xx: 0,
  errors: 0,
  ...over,
});

const throughput = (baselineRps: number[]): ThroughputRow => ({
  kind: 'throughput',
  endpoint: 'GET /api/x',
  connections: 50,
  rounds: baselineRps.map((rps) => ({ api: figures({ rps: rps * 0.9 }), baseline: figures({ rps }) })),
  api: { p50: 1, p99: 2 },
  baseline: { p50: 1, p99: 2 },
  minRatio: 0.9,
});

const row = (over: Partial<RaisedBarRow> = {}): RaisedBarRow => ({
  endpoint: 'GET /api/x',
  ratio: 0.93,
  cpuPerRequestUs: { api: 300, baseline: 260 },
  paced: { rate: 700, api: figures({ p99: 12 }), baseline: figures({ p99: 8 }) },
  ...over,
});

describe('pacedRate', () => {
  it('is half the median of the baseline rounds of the same run', () => {
    expect(pacedRate(throughput([1_400, 1_529, 1_650]))).toBe(765);
  });
});

describe('raisedBarChecks', () => {
  it('passes the ratio, the CPU and the paced p99 within their bars', () => {
    expect(raisedBarChecks(row()).map((c) => c.met)).toEqual([true, true, true]);
  });

  it('fails figures measured before the CPU work: ratio 0.86, CPU 1.46×, p99 646 ms against 37 ms', () => {
    const checks = raisedBarChecks(
      row({
        ratio: 0.86,
        cpuPerRequestUs: { api: 408, baseline: 280 },
        paced: { rate: 700, api: figures({ p99: 646 }), baseline: figures({ p99: 37 }) },
      }),
    );
    expect(checks.map((c) => c.met)).toEqual([false, false, false]);
    expect(checks[1]!.measured).toBe('408 vs 280 µs = 1.46×');
    expect(checks[2]!.measured).toBe('646.00 ms vs 37.00 ms = 17.46×');
  });

  it('fails a paced run that fell behind the rate or answered errors, whatever its p99', () => {
    const behind = raisedBarChecks(
      row({ paced: { rate: 700, api: figures({ rps: 500 }), baseline: figures() } }),
    );
    expect(behind[2]).toMatchObject({ met: false });
    expect(behind[2]!.measured).toContain('API reached 500 of 700 req/s');
    const failing = raisedBarChecks(
      row({ paced: { rate: 700, api: figures(), baseline: figures({ non2xx: 4 }) } }),
    );
    expect(failing[2]!.measured).toContain('baseline: 4 non-2xx, 0 errors');
  });

  it('counts CPU it could not read as a miss', () => {
    expect(raisedBarChecks(row({ cpuPerRequestUs: undefined }))[1]).toMatchObject({
      measured: 'not measured (no /proc)',
      met: false,
    });
  });
});

describe('raisedBarTable', () => {
  it('prints one line per target with PASS or FAIL', () => {
    const lines = raisedBarTable([row({ ratio: 0.8 })]).split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[2]).toBe('| `GET /api/x` | throughput ratio ≥ 0.9 | 0.80 | **FAIL** |');
    expect(lines[4]).toBe(
      "| `GET /api/x` | p99 at 700 req/s evenly paced ≤ 2× the baseline's | 12.00 ms vs 8.00 ms = 1.50× | PASS |",
    );
  });
});
