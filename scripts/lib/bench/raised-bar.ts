/**
 * The raised bar for `npm run bench` (the small data set): against the raw baseline, the API's
 * throughput ratio, its CPU per request, and its p99 at an evenly paced rate of half the baseline's
 * measured maximum — a rate both servers can hold, so the p99 compares the work per request instead of
 * two queues. The rate is chosen from the baseline's throughput rounds of the same run.
 */
import { runPaced, figuresOf } from './load.js';
import {
  formatMs,
  markdownTable,
  median,
  throughputRatio,
  type LoadFigures,
  type ThroughputRow,
} from './report.js';

export const RAISED_BAR = {
  /** API req/s ÷ baseline req/s at full load (median of the paired rounds). */
  minRatio: 0.9,
  /** API CPU µs per request ÷ the baseline's. */
  maxCpuFactor: 1.25,
  /** The paced rate as a share of the baseline's maximum. */
  rateShare: 0.5,
  /** API p99 ÷ baseline p99 at that rate. */
  maxP99Factor: 2,
};

export interface PacedPair {
  rate: number;
  api: LoadFigures;
  baseline: LoadFigures;
}

export interface RaisedBarRow {
  endpoint: string;
  ratio: number;
  cpuPerRequestUs?: { api: number; baseline: number } | undefined;
  paced: PacedPair;
}

export interface BarCheck {
  target: string;
  measured: string;
  met: boolean;
}

/** Half the baseline's maximum (median of its rounds), in whole requests per second, at least 1. */
export function pacedRate(row: ThroughputRow): number {
  return Math.max(1, Math.round(median(row.rounds.map((r) => r.baseline.rps)) * RAISED_BAR.rateShare));
}

/** The three checks of one endpoint. A paced run that lost requests or fell behind the rate fails. */
export function raisedBarChecks(row: RaisedBarRow): BarCheck[] {
  const checks: BarCheck[] = [
    {
      target: `throughput ratio ≥ ${RAISED_BAR.minRatio}`,
      measured: row.ratio.toFixed(2),
      met: row.ratio >= RAISED_BAR.minRatio,
    },
  ];
  if (row.cpuPerRequestUs) {
    const factor = row.cpuPerRequestUs.api / row.cpuPerRequestUs.baseline;
    checks.push({
      target: `API CPU per request ≤ ${RAISED_BAR.maxCpuFactor}× the baseline's`,
      measured: `${Math.round(row.cpuPerRequestUs.api)} vs ${Math.round(row.cpuPerRequestUs.baseline)} µs = ${factor.toFixed(2)}×`,
      met: factor <= RAISED_BAR.maxCpuFactor,
    });
  } else {
    checks.push({
      target: `API CPU per request ≤ ${RAISED_BAR.maxCpuFactor}× the baseline's`,
      measured: 'not measured (no /proc)',
      met: false,
    });
  }
  const { api, baseline, rate } = row.paced;
  const factor = api.p99 / baseline.p99;
  const problems = [api, baseline]
    .map((f, i) => {
      const who = i === 0 ? 'API' : 'baseline';
      if (f.non2xx || f.errors) return `${who}: ${f.non2xx} non-2xx, ${f.errors} errors`;
      if (f.rps < rate * 0.95) return `${who} reached ${Math.round(f.rps)} of ${rate} req/s`;
      return '';
    })
    .filter(Boolean);
  checks.push({
    target: `p99 at ${rate.toLocaleString('en-US')} req/s evenly paced ≤ ${RAISED_BAR.maxP99Factor}× the baseline's`,
    measured:
      `${formatMs(api.p99)} vs ${formatMs(baseline.p99)} = ${Number.isFinite(factor) ? factor.toFixed(2) : '—'}×` +
      (problems.length ? ` (${problems.join('; ')})` : ''),
    met: problems.length === 0 && factor <= RAISED_BAR.maxP99Factor,
  });
  return checks;
}

export function raisedBarTable(rows: RaisedBarRow[]): string {
  return markdownTable(
    ['endpoint', 'target', 'measured', 'result'],
    rows.flatMap((row) =>
      raisedBarChecks(row).map((c) => [
        `\`${row.endpoint}\``,
        c.target,
        c.measured,
        c.met ? 'PASS' : '**FAIL**',
      ]),
    ),
  );
}

/**
 * The paced runs of one endpoint (API, then baseline) at half the baseline's maximum from `row`,
 * with the throughput figures of `row` beside them.
 */
export async function measureRaisedBar(opts: {
  row: ThroughputRow;
  urls: { api: string; baseline: string };
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
}): Promise<RaisedBarRow> {
  const rate = pacedRate(opts.row);
  const paced = async (url: string) =>
    figuresOf(
      await runPaced({
        url,
        headers: opts.headers,
        connections: opts.connections,
        durationSeconds: opts.durationSeconds,
        overallRate: rate,
      }),
    );
  const api = await paced(opts.urls.api);
  const baseline = await paced(opts.urls.baseline);
  return {
    endpoint: opts.row.endpoint,
    ratio: throughputRatio(opts.row),
    cpuPerRequestUs: opts.row.cpuPerRequestUs,
    paced: { rate, api, baseline },
  };
}
