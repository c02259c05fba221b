/** Figures, verdicts and tables of `npm run bench:scale`: pure functions, unit-tested. */
import { formatMs, markdownTable } from '../report.js';
import type { SizeName } from './sizes.js';

/** The scale targets (docs/performance.md), judged at the largest size measured (L when it ran). */
export const SCALE_TARGETS = {
  readP99Ms: 50,
  /** Bytes of one page as sent without compression. */
  readMaxBytes: 100 * 1024,
  writeP99Ms: 50,
  connections: 10,
};

export interface ScaleFigures {
  endpoint: string;
  size: SizeName;
  kind: 'read' | 'write';
  /** Status of a single probe request (reads), or the most common status of the run (writes). */
  status: number;
  /** Body bytes without compression, and as sent with `Accept-Encoding: gzip` (null: not compressed). */
  bytes: number;
  gzipBytes: number | null;
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** API process CPU per request (µs), Postgres statements and their execution time per request. */
  cpuUsPerRequest?: number | undefined;
  statementsPerRequest?: number | undefined;
  dbMsPerRequest?: number | undefined;
}

export interface ScaleVerdict {
  met: boolean;
  reason: string;
}

/** How many times larger `large` is than `small`; NaN when either is not a positive number. */
export function growthFactor(small: number, large: number): number {
  if (!Number.isFinite(small) || !Number.isFinite(large) || small <= 0 || large < 0) return NaN;
  return large / small;
}

export function formatBytes(bytes: number | null): string {
  if (bytes === null || !Number.isFinite(bytes)) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

const formatFactor = (f: number) => (Number.isFinite(f) ? `×${f < 10 ? f.toFixed(2) : Math.round(f)}` : '—');
const formatRps = (rps: number) => (Number.isFinite(rps) ? Math.round(rps).toLocaleString('en-US') : '—');
const formatOptional = (v: number | undefined, digits: number) =>
  v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(digits);

/** PASS/FAIL of one measured row against the scale targets. */
export function scaleVerdict(f: ScaleFigures): ScaleVerdict {
  if (f.status < 200 || f.status >= 300) return { met: false, reason: `answered ${f.status}` };
  if (f.non2xx > 0 || f.errors > 0) {
    return { met: false, reason: `${f.non2xx} non-2xx and ${f.errors} errors during the run` };
  }
  const maxP99 = f.kind === 'read' ? SCALE_TARGETS.readP99Ms : SCALE_TARGETS.writeP99Ms;
  const reasons: string[] = [];
  if (!(f.p99 <= maxP99)) reasons.push(`p99 ${formatMs(f.p99)} > ${maxP99} ms`);
  if (f.kind === 'read' && !(f.bytes <= SCALE_TARGETS.readMaxBytes)) {
    reasons.push(`${formatBytes(f.bytes)} > ${formatBytes(SCALE_TARGETS.readMaxBytes)}`);
  }
  return { met: reasons.length === 0, reason: reasons.join('; ') };
}

/** Every measured row: one line per endpoint and size. */
export function scaleTable(rows: readonly ScaleFigures[]): string {
  return markdownTable(
    [
      'endpoint',
      'size',
      'status',
      'p50',
      'p99',
      'req/s',
      'bytes (gzip)',
      'SQL statements / request',
      'DB ms / request',
      'API CPU µs / request',
    ],
    rows.map((f) => [
      `\`${f.endpoint}\``,
      f.size,
      String(f.status) + (f.non2xx ? ` (${f.non2xx} non-2xx)` : ''),
      formatMs(f.p50),
      formatMs(f.p99),
      formatRps(f.rps),
      `${formatBytes(f.bytes)} (${formatBytes(f.gzipBytes)})`,
      formatOptional(f.statementsPerRequest, 1),
      formatOptional(f.dbMsPerRequest, 2),
      f.cpuUsPerRequest === undefined ? '—' : Math.round(f.cpuUsPerRequest).toLocaleString('en-US'),
    ]),
  );
}

/**
 * Per endpoint: the smallest and the largest size measured side by side, the growth factor of p99
 * and of the bytes between them, and PASS/FAIL at the largest size.
 */
export function growthTable(rows: readonly ScaleFigures[]): string {
  const endpoints = [...new Set(rows.map((r) => r.endpoint))];
  const lines = endpoints.map((endpoint) => {
    const mine = rows.filter((r) => r.endpoint === endpoint);
    const first = mine[0]!;
    const last = mine[mine.length - 1]!;
    const v = scaleVerdict(last);
    const target =
      last.kind === 'read'
        ? `p99 ≤ ${SCALE_TARGETS.readP99Ms} ms, ≤ ${formatBytes(SCALE_TARGETS.readMaxBytes)}`
        : `p99 ≤ ${SCALE_TARGETS.writeP99Ms} ms`;
    return [
      `\`${endpoint}\``,
      `${first.size} → ${last.size}`,
      `${formatMs(first.p99)} → ${formatMs(last.p99)}`,
      formatFactor(growthFactor(first.p99, last.p99)),
      `${formatBytes(first.bytes)} → ${formatBytes(last.bytes)}`,
      formatFactor(growthFactor(first.bytes, last.bytes)),
      `${target} (at ${last.size})`,
      v.met ? 'PASS' : `**FAIL** (${v.reason})`,
    ];
  });
  return markdownTable(
    ['endpoint', 'sizes', 'p99', 'growth p99', 'bytes', 'growth bytes', 'target', 'result'],
    lines,
  );
}

/** One scan of a plan: what EXPLAIN says each statement reads, and how. */
export interface PlanScan {
  node: string;
  relation: string | null;
  index: string | null;
  rows: number;
}

/** The scan nodes of an `EXPLAIN (FORMAT JSON)` plan tree, depth first. */
export function planScans(plan: unknown): PlanScan[] {
  const scans: PlanScan[] = [];
  const walk = (node: Record<string, unknown>) => {
    const type = String(node['Node Type'] ?? '');
    if (type.includes('Scan') && (node['Relation Name'] || node['Index Name'])) {
      scans.push({
        node: type,
        relation: (node['Relation Name'] as string | undefined) ?? null,
        index: (node['Index Name'] as string | undefined) ?? null,
        rows: Number(node['Plan Rows'] ?? 0),
      });
    }
    for (const child of (node['Plans'] as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  const root = Array.isArray(plan) ? (plan[0] as { Plan?: Record<string, unknown> })?.Plan : undefined;
  if (root) walk(root);
  return scans;
}

/**
 * A plan in one line: `Index Scan idx_x on appointments`, … — a sequential scan expected to read at
 * least `bigRows` rows is marked, since it grows with the data.
 */
export function describeScans(scans: readonly PlanScan[], bigRows = 10_000): string {
  if (scans.length === 0) return 'no table scan';
  return scans
    .map((s) => {
      const what = `${s.node}${s.index ? ` ${s.index}` : ''}${s.relation ? ` on ${s.relation}` : ''}`;
      return s.node === 'Seq Scan' && s.rows >= bigRows
        ? `**${what} (~${s.rows.toLocaleString('en-US')} rows)**`
        : what;
    })
    .join('; ');
}
