/** Figures and the markdown tables of `npm run bench`: pure functions, so they can be unit-tested. */

/** One autocannon run, with latencies measured from every 2xx response. */
export interface LoadFigures {
  /** Completed requests per second over the run (2xx and not). */
  rps: number;
  /** Latency percentiles of the 2xx responses, in ms. */
  p50: number;
  p99: number;
  requests: number;
  /** Responses other than 2xx, and socket errors or timeouts: either makes a run invalid. */
  non2xx: number;
  errors: number;
}

/** The value at `q` (0…1) of sorted numbers (nearest rank). NaN for none. */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface ThroughputRow {
  kind: 'throughput';
  endpoint: string;
  connections: number;
  /** Paired rounds (API and baseline back to back), so drift of a noisy machine hits both. */
  rounds: { api: LoadFigures; baseline: LoadFigures }[];
  /** Latencies of every API / baseline round together. */
  api: { p50: number; p99: number };
  baseline: { p50: number; p99: number };
  minRatio: number;
  /**
   * Process CPU time per request over the rounds (µs), where it could be read: unlike req/s it barely
   * moves when other work shares the machine.
   */
  cpuPerRequestUs?: { api: number; baseline: number };
}

export interface FixedRateRow {
  kind: 'fixed-rate';
  endpoint: string;
  connections: number;
  rate: number;
  /** autocannon `overallRate` (each connection's share in a burst every second) or evenly paced. */
  pacing: 'autocannon' | 'even';
  api: LoadFigures;
  baseline: LoadFigures;
  maxP99Ms: number;
}

export type BenchRow = ThroughputRow | FixedRateRow;

export interface Verdict {
  met: boolean;
  /** Why a target counts as missed ('' when met). */
  reason: string;
}

/** A run that answered anything but 2xx measured something else: it never meets a target. */
function invalid(figures: LoadFigures[]): string {
  const non2xx = figures.reduce((n, f) => n + f.non2xx, 0);
  const errors = figures.reduce((n, f) => n + f.errors, 0);
  if (non2xx === 0 && errors === 0) return '';
  return `${non2xx} non-2xx and ${errors} errors during the runs`;
}

/** The ratio of a throughput row: the median of the per-round ratios API ÷ baseline. */
export function throughputRatio(row: ThroughputRow): number {
  return median(row.rounds.map((r) => r.api.rps / r.baseline.rps));
}

export function verdict(row: BenchRow): Verdict {
  if (row.kind === 'throughput') {
    const bad = invalid(row.rounds.flatMap((r) => [r.api, r.baseline]));
    if (bad) return { met: false, reason: bad };
    const ratio = throughputRatio(row);
    return ratio >= row.minRatio
      ? { met: true, reason: '' }
      : { met: false, reason: `ratio ${ratio.toFixed(2)} < ${row.minRatio}` };
  }
  const bad = invalid([row.api, row.baseline]);
  if (bad) return { met: false, reason: bad };
  // A server that cannot keep the rate up has queued requests: its p99 would not be the figure asked for.
  if (row.api.rps < row.rate * 0.95) {
    return { met: false, reason: `the API reached ${Math.round(row.api.rps)} of ${row.rate} req/s` };
  }
  return row.api.p99 <= row.maxP99Ms
    ? { met: true, reason: '' }
    : { met: false, reason: `p99 ${formatMs(row.api.p99)} > ${row.maxP99Ms} ms` };
}

export const formatMs = (ms: number) => (Number.isFinite(ms) ? `${ms.toFixed(2)} ms` : '—');
const formatRps = (rps: number) => (Number.isFinite(rps) ? Math.round(rps).toLocaleString('en-US') : '—');

export function markdownTable(head: string[], rows: string[][]): string {
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

/**
 * The speed table: one line per endpoint and scenario. Latencies are the API's, with the baseline's in
 * brackets; req/s of a throughput row are medians of its rounds.
 */
export function speedTable(rows: BenchRow[]): string {
  return markdownTable(
    [
      'endpoint',
      'scenario',
      'API req/s',
      'baseline req/s',
      'ratio',
      'p50 API (baseline)',
      'p99 API (baseline)',
      'target',
      'met?',
    ],
    rows.map((row) => {
      const v = verdict(row);
      const met = v.met ? 'yes' : `**NO** (${v.reason})`;
      if (row.kind === 'throughput') {
        return [
          `\`${row.endpoint}\``,
          `max throughput, ${row.connections} connections, median of ${row.rounds.length}`,
          formatRps(median(row.rounds.map((r) => r.api.rps))),
          formatRps(median(row.rounds.map((r) => r.baseline.rps))),
          throughputRatio(row).toFixed(2),
          `${formatMs(row.api.p50)} (${formatMs(row.baseline.p50)})`,
          `${formatMs(row.api.p99)} (${formatMs(row.baseline.p99)})`,
          `ratio ≥ ${row.minRatio}`,
          met,
        ];
      }
      return [
        `\`${row.endpoint}\``,
        `fixed ${row.rate.toLocaleString('en-US')} req/s, ${row.connections} connections, ${
          row.pacing === 'autocannon' ? 'autocannon overallRate (a burst each second)' : 'evenly paced'
        }`,
        formatRps(row.api.rps),
        formatRps(row.baseline.rps),
        (row.api.rps / row.baseline.rps).toFixed(2),
        `${formatMs(row.api.p50)} (${formatMs(row.baseline.p50)})`,
        `${formatMs(row.api.p99)} (${formatMs(row.baseline.p99)})`,
        `p99 ≤ ${row.maxP99Ms} ms`,
        met,
      ];
    }),
  );
}

/** CPU time per request of each server, from the throughput rounds (rows without it are left out). */
export function cpuTable(rows: BenchRow[]): string | null {
  const measured = rows.filter(
    (r): r is ThroughputRow & { cpuPerRequestUs: { api: number; baseline: number } } =>
      r.kind === 'throughput' && r.cpuPerRequestUs !== undefined,
  );
  if (measured.length === 0) return null;
  return markdownTable(
    ['endpoint', 'API CPU µs/request', 'baseline CPU µs/request', 'baseline ÷ API'],
    measured.map((r) => [
      `\`${r.endpoint}\``,
      Math.round(r.cpuPerRequestUs.api).toString(),
      Math.round(r.cpuPerRequestUs.baseline).toString(),
      (r.cpuPerRequestUs.baseline / r.cpuPerRequestUs.api).toFixed(2),
    ]),
  );
}

/** One line per missed target, or a line saying that every target was met. */
export function missedTargets(rows: BenchRow[]): string[] {
  const missed = rows
    .map((row) => ({ row, v: verdict(row) }))
    .filter(({ v }) => !v.met)
    .map(
      ({ row, v }) =>
        `MISSED: ${row.endpoint}, ${
          row.kind === 'throughput'
            ? 'max throughput'
            : `fixed rate (${row.pacing === 'even' ? 'evenly paced' : 'autocannon'})`
        }: ${v.reason}`,
    );
  return missed.length ? missed : [`All ${rows.length} speed targets met.`];
}

/**
 * The log/metrics overhead: the API as production runs it (JSON request logs at info
 * written to a file, Prometheus metrics on) against the same API with LOG_LEVEL=silent and no metrics,
 * and against the raw baseline. The three run back to back in every round.
 */
export interface OverheadRow {
  endpoint: string;
  connections: number;
  rounds: { silent: LoadFigures; observed: LoadFigures; baseline: LoadFigures }[];
  minRatio: number;
  /** CPU time per request of the two API processes over the rounds (µs), where it could be read. */
  cpuPerRequestUs?: { silent: number; observed: number };
}

/** Medians of the per-round ratios: logs+metrics ÷ baseline (the target) and ÷ the silent API. */
export function overheadRatios(row: OverheadRow): { toBaseline: number; toSilent: number } {
  return {
    toBaseline: median(row.rounds.map((r) => r.observed.rps / r.baseline.rps)),
    toSilent: median(row.rounds.map((r) => r.observed.rps / r.silent.rps)),
  };
}

export function overheadVerdict(row: OverheadRow): Verdict {
  const bad = invalid(row.rounds.flatMap((r) => [r.silent, r.observed, r.baseline]));
  if (bad) return { met: false, reason: bad };
  const { toBaseline } = overheadRatios(row);
  return toBaseline >= row.minRatio
    ? { met: true, reason: '' }
    : { met: false, reason: `ratio ${toBaseline.toFixed(2)} < ${row.minRatio}` };
}

export function overheadTable(rows: OverheadRow[]): string {
  return markdownTable(
    [
      'endpoint',
      'API silent req/s',
      'API logs+metrics req/s',
      'baseline req/s',
      'logs+metrics ÷ baseline',
      'logs+metrics ÷ silent',
      'CPU µs/request silent → logs+metrics',
      'target',
      'met?',
    ],
    rows.map((row) => {
      const v = overheadVerdict(row);
      const { toBaseline, toSilent } = overheadRatios(row);
      const rps = (pick: (r: OverheadRow['rounds'][number]) => LoadFigures) =>
        formatRps(median(row.rounds.map((r) => pick(r).rps)));
      return [
        `\`${row.endpoint}\``,
        rps((r) => r.silent),
        rps((r) => r.observed),
        rps((r) => r.baseline),
        toBaseline.toFixed(2),
        toSilent.toFixed(2),
        row.cpuPerRequestUs
          ? `${Math.round(row.cpuPerRequestUs.silent)} → ${Math.round(row.cpuPerRequestUs.observed)}`
          : '—',
        `logs+metrics ÷ baseline ≥ ${row.minRatio}`,
        v.met ? 'yes' : `**NO** (${v.reason})`,
      ];
    }),
  );
}
