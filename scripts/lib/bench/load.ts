import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { percentile, type LoadFigures } from './report.js';

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
  /** Fixed total request rate (autocannon `overallRate`); unset = as fast as the server answers. */
  overallRate?: number;
  /** autocannon's request list (a `setupRequest` gives each request its own body and headers). */
  requests?: autocannon.Request[];
  /** Stop after this many requests instead of after `durationSeconds`. */
  amount?: number;
  /** Seconds before a request counts as timed out (autocannon's default: 10). */
  timeoutSeconds?: number;
}

/** Every 2xx latency of a run (ms), for runs whose percentiles are pooled. */
export interface LoadRun extends LoadFigures {
  latencies: number[];
}

/**
 * One autocannon run. Latencies come from autocannon's per-response event (hrtime, sub-millisecond)
 * rather than its histogram, which rounds to whole milliseconds — too coarse for a 5 ms target.
 */
export function runLoad(opts: LoadOptions): Promise<LoadRun> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let non2xx = 0;
    const instance = autocannon(
      {
        url: opts.url,
        headers: opts.headers,
        connections: opts.connections,
        duration: opts.durationSeconds,
        ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
        ...(opts.requests ? { requests: opts.requests } : {}),
        ...(opts.amount ? { amount: opts.amount } : {}),
        ...(opts.timeoutSeconds ? { timeout: opts.timeoutSeconds } : {}),
      },
      (error: unknown, result: autocannon.Result) => {
        if (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        latencies.sort((a, b) => a - b);
        const completed = latencies.length + non2xx;
        resolve({
          rps: completed / Math.max(result.duration, 1e-9),
          p50: percentile(latencies, 0.5),
          p99: percentile(latencies, 0.99),
          requests: completed,
          non2xx,
          errors: result.errors + result.timeouts,
          latencies,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else non2xx++;
    });
  });
}

/**
 * A fixed rate, evenly paced: request k is due at k / rate seconds and sent then (1 ms timer
 * granularity) over at most `connections` keep-alive sockets. autocannon's `overallRate` gives every
 * connection its share at the start of each second, as fast as the server answers, then waits for the
 * next second: the server sees bursts at full concurrency, not a steady rate. Latency counts from the
 * moment a request is handed to the agent, so time spent waiting for a free socket is included (the
 * sender never waits for answers), but not a late timer tick of this process.
 */
export function runPaced(opts: LoadOptions & { overallRate: number }): Promise<LoadRun> {
  const target = new URL(opts.url);
  const agent = new Agent({ keepAlive: true, maxSockets: opts.connections });
  const total = Math.round(opts.overallRate * opts.durationSeconds);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  let settled = 0;
  const start = performance.now();
  return new Promise((resolve) => {
    const settle = () => {
      if (++settled < total) return;
      const seconds = (performance.now() - start) / 1000;
      agent.destroy();
      latencies.sort((a, b) => a - b);
      resolve({
        rps: (latencies.length + non2xx) / seconds,
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        requests: latencies.length + non2xx,
        non2xx,
        errors,
        latencies,
      });
    };
    const send = () => {
      const sentAt = performance.now();
      const req = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          headers: opts.headers,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) latencies.push(performance.now() - sentAt);
            else non2xx++;
            settle();
          });
        },
      );
      req.on('error', () => {
        errors++;
        settle();
      });
      req.end();
    };
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * opts.overallRate));
      for (; sent < due; sent++) send();
      if (sent >= total) clearInterval(timer);
    }, 1);
  });
}

/** Percentiles over several runs' latencies together. */
export function pooled(runs: LoadRun[]): { p50: number; p99: number } {
  const all = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  return { p50: percentile(all, 0.5), p99: percentile(all, 0.99) };
}

/** Drops the raw latencies (kept only while percentiles are computed). */
export function figuresOf(run: LoadRun): LoadFigures {
  const { latencies: _latencies, ...figures } = run;
  return figures;
}
