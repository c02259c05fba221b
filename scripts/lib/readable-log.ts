/**
 * `npm start`'s console: the API writes JSON lines (what production ships to a log store); a person
 * at a terminal reads one short line per request and per event instead. `MEDORA_LOG_FORMAT=json`
 * keeps the JSON as it is. Lines that are not the API's JSON (a stack trace, a child's plain output)
 * pass through unchanged.
 */

const LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

interface PinoLine {
  level?: number;
  time?: string | number;
  msg?: string;
  context?: string;
  method?: string;
  route?: string;
  status?: number;
  latencyMs?: number;
  aborted?: boolean;
  err?: { type?: string; message?: string; stack?: string };
}

/** HH:MM:SS of an ISO time or epoch milliseconds, in the machine's zone (a developer reads local time). */
function clock(time: PinoLine['time']): string {
  const d = time === undefined ? new Date() : new Date(time);
  if (Number.isNaN(d.getTime())) return '--:--:--';
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/** One readable line for one line of the API's output. */
export function readableLogLine(line: string): string {
  const text = line.trim();
  if (!text.startsWith('{')) return line;
  let parsed: PinoLine;
  try {
    parsed = JSON.parse(text) as PinoLine;
  } catch {
    return line;
  }
  if (typeof parsed !== 'object' || parsed === null || typeof parsed.level !== 'number') return line;
  const level = LEVELS[parsed.level] ?? String(parsed.level);
  const at = clock(parsed.time);
  if (typeof parsed.method === 'string' && typeof parsed.status === 'number') {
    const latency = typeof parsed.latencyMs === 'number' ? ` ${Math.round(parsed.latencyMs)} ms` : '';
    const aborted = parsed.aborted ? ' (aborted by the client)' : '';
    return `${at} ${parsed.method.padEnd(6)} ${parsed.route ?? '?'} → ${parsed.status}${latency}${aborted}`;
  }
  const context = parsed.context ? `${parsed.context}: ` : '';
  const err = parsed.err?.message ? ` — ${parsed.err.type ?? 'Error'}: ${parsed.err.message}` : '';
  const tag = level === 'info' ? '' : `${level} `;
  return `${at} ${tag}${context}${parsed.msg ?? ''}${err}`;
}
