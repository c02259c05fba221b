import {
  median,
  missedTargets,
  overheadRatios,
  overheadTable,
  overheadVerdict,
  percentile,
  speedTable,
  throughputRatio,
  verdict,
  type FixedRateRow,
  type LoadFigures,
  type OverheadRow,
  type ThroughputRow,
} from '../lib/bench/report.js';

const run = (rps: number, over: Partial<LoadFigures> = {}): LoadFigures => ({
  rps,
  p50: 1,
  p99: 2,
  requests: rps * 5,
  non2xx: 0,
  errors: 0,
  ...over,
});

const throughput = (pairs: [number, number][], over: Partial<ThroughputRow> = {}): ThroughputRow => ({
  kind: 'throughput',
  endpoint: 'GET /api/x',
  connections: 50,
  rounds: pairs.map(([api, baseline]) => ({ api: run(api), baseline: run(baseline) })),
  api: { p50: 1, p99: 2 },
  baseline: { p50: 0.5, p99: 1 },
  minRatio: 0.75,
  ...over,
});

const fixed = (api: LoadFigures): FixedRateRow => ({
  kind: 'fixed-rate',
  endpoint: 'GET /api/x',
  connections: 10,
  rate: 1000,
  pacing: 'autocannon',
  api,
  baseline: run(1000),
  maxP99Ms: 5,
});

describe('bench report', () => {
  it('takes percentiles by nearest rank and medians of even and odd counts', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 0.5)).toBe(50);
    expect(percentile(xs, 0.99)).toBe(99);
    expect(percentile([], 0.5)).toBeNaN();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });

  it('rates throughput by the median of the paired rounds’ ratios', () => {
    const row = throughput([
      [800, 1000],
      [700, 1000],
      [900, 1000],
    ]);
    expect(throughputRatio(row)).toBeCloseTo(0.8);
    expect(verdict(row)).toEqual({ met: true, reason: '' });
    expect(verdict(throughput([[700, 1000]]))).toEqual({ met: false, reason: 'ratio 0.70 < 0.75' });
  });

  it('never counts a run with errors or non-2xx answers as met', () => {
    const row = throughput([[900, 1000]]);
    row.rounds[0]!.api = run(900, { non2xx: 3 });
    expect(verdict(row)).toEqual({ met: false, reason: '3 non-2xx and 0 errors during the runs' });
  });

  it('judges the fixed rate by the API’s p99, and misses it when the rate was not kept up', () => {
    expect(verdict(fixed(run(1000, { p99: 4.2 })))).toEqual({ met: true, reason: '' });
    expect(verdict(fixed(run(1000, { p99: 6.5 })))).toEqual({ met: false, reason: 'p99 6.50 ms > 5 ms' });
    expect(verdict(fixed(run(600, { p99: 1 })))).toEqual({
      met: false,
      reason: 'the API reached 600 of 1000 req/s',
    });
  });

  it('prints one table line per row and names every missed target', () => {
    const rows = [throughput([[700, 1000]]), fixed(run(1000, { p99: 3 }))];
    const table = speedTable(rows).split('\n');
    expect(table).toHaveLength(4);
    expect(table[2]).toContain('**NO** (ratio 0.70 < 0.75)');
    expect(table[3]).toMatch(/\| yes \|$/);
    expect(missedTargets(rows)).toEqual(['MISSED: GET /api/x, max throughput: ratio 0.70 < 0.75']);
    expect(missedTargets([fixed(run(1000))])).toEqual(['All 1 speed targets met.']);
  });
});

describe('log/metrics overhead', () => {
  const overhead = (rounds: [number, number, number][], over: Partial<LoadFigures> = {}): OverheadRow => ({
    endpoint: 'GET /api/x',
    connections: 50,
    rounds: rounds.map(([silent, observed, baseline]) => ({
      silent: run(silent),
      observed: run(observed, over),
      baseline: run(baseline),
    })),
    minRatio: 0.75,
  });

  it('takes the median of the per-round ratios to the baseline and to the silent API', () => {
    const row = overhead([
      [900, 800, 1000],
      [700, 700, 1000],
      [1000, 900, 1000],
    ]);
    expect(overheadRatios(row)).toEqual({ toBaseline: 0.8, toSilent: 0.9 });
    expect(overheadVerdict(row)).toEqual({ met: true, reason: '' });
  });

  it('misses the target below 0.75 of the baseline, or with any non-2xx answer', () => {
    expect(overheadVerdict(overhead([[900, 700, 1000]]))).toEqual({
      met: false,
      reason: 'ratio 0.70 < 0.75',
    });
    expect(overheadVerdict(overhead([[900, 900, 1000]], { non2xx: 3 })).reason).toBe(
      '3 non-2xx and 0 errors during the runs',
    );
  });

  it('prints one table line per endpoint with both ratios', () => {
    const row = overhead([[900, 800, 1000]]);
    expect(overheadTable([row]).split('\n')[2]).toBe(
      '| `GET /api/x` | 900 | 800 | 1,000 | 0.80 | 0.89 | — | logs+metrics ÷ baseline ≥ 0.75 | yes |',
    );
    expect(
      overheadTable([{ ...row, cpuPerRequestUs: { silent: 150.4, observed: 171.6 } }]).split('\n')[2],
    ).toContain('| 150 → 172 |');
  });
});
