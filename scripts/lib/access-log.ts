/**
 * The gateways' access log (the local gateway and nginx): one JSON line per request that names the
 * path without patient ids and without the query string, with the request id the API logs too.
 * The redaction rules are written once here, as regular expressions both JavaScript and nginx's PCRE
 * read; `nginxAccessLog()` renders them into nginx maps and a log_format.
 */

/**
 * Applied in order, each once: the segment after `patients/` or `users/` is a user's uid; then, three
 * times, the first remaining segment of 20 characters or more with a digit or a capital letter (a
 * uid, a UUID, a token) is an id. Route words (`visits`, `draft`) and short hashed file names stay.
 */
export const LOG_PATH_RULES: ReadonlyArray<{ pattern: string; as: string }> = [
  { pattern: '^(?<a>.*/(?:patients|users)/)[^/]+(?<b>.*)$', as: ':uid' },
  ...Array.from({ length: 3 }, () => ({
    pattern: '^(?<a>.*?/)(?=[^/]{20,}(?:/|$))[^/]*[0-9A-Z][^/]*(?<b>/.*)?$',
    as: ':id',
  })),
];

/** The path as the access log writes it: no query string, ids replaced. */
export function redactedPath(rawUrl: string): string {
  let path = rawUrl.split('?')[0]!;
  for (const rule of LOG_PATH_RULES) {
    const m = new RegExp(rule.pattern).exec(path);
    if (m) path = `${m.groups!.a ?? ''}${rule.as}${m.groups!.b ?? ''}`;
  }
  return path;
}

export interface AccessLogEntry {
  time: string;
  requestId: string;
  method: string;
  path: string;
  status: number;
  /** Seconds, to the millisecond (nginx's `$request_time`). */
  requestTime: number;
}

/** One line of the local gateway's log, the fields of nginx's `medora_access` format. */
export function accessLogLine(entry: AccessLogEntry): string {
  return JSON.stringify(entry);
}

/**
 * http level: the maps that turn `$uri` into `$medora_log_path`, and the `medora_access` log format
 * (JSON, like the API's lines).
 */
export function nginxAccessLog(): string {
  const lines = ['# Rendered from scripts/lib/access-log.ts; do not edit.'];
  let from = '$uri';
  LOG_PATH_RULES.forEach((rule, i) => {
    const to = i === LOG_PATH_RULES.length - 1 ? '$medora_log_path' : `$medora_log_path_${i}`;
    if (rule.pattern.includes('"')) throw new Error('access log: a pattern must not contain a double quote');
    lines.push(`map ${from} ${to} {`, `    default ${from};`, `    "~${rule.pattern}" $a${rule.as}$b;`, '}');
    from = to;
  });
  lines.push(
    'log_format medora_access escape=json \'{"time":"$time_iso8601","requestId":"$request_id",\'',
    '    \'"method":"$request_method","path":"$medora_log_path","status":$status,\'',
    '    \'"requestTime":$request_time,"upstream":"$upstream_addr","upstreamStatus":"$upstream_status"}\';',
    '',
  );
  return lines.join('\n');
}
