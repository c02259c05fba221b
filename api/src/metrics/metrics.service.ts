import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { routeTemplate } from '../common/route-template.js';
import type { AppConfig } from '../config/app-config.js';
import { CONFIG, type MetricsConfig } from '../config/config.js';
import type { PoolStats } from '../database/pool-stats.js';

/** Outcomes of one try of a mail job. */
export type MailJobOutcome = 'completed' | 'failed' | 'dead_lettered';

/**
 * The status label of an answer: its code, or 'aborted' when the client did not receive it whole (a
 * download cut off midway is not a 200 that was delivered; the log line says `aborted: true` too).
 */
export function statusLabel(statusCode: number, finished: boolean): string {
  return finished ? String(statusCode) : 'aborted';
}

/** The booking route whose answers are counted by status (201 booked, 409 taken, 429 throttled). */
export const BOOKING_ROUTE = { method: 'POST', route: '/api/appointments' } as const;

/** Injection token of the function that reads the database pool's counters. */
export const POOL_STATS = Symbol('POOL_STATS');

/** Seconds; finer than prom-client's default at the low end, where this API's reads answer. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Prometheus metrics: request durations by route template, method and status, the
 * database pool, booking outcomes and the process defaults, in a registry of this app (tests build
 * several apps in one process). Served at `GET /metrics` on METRICS_PORT only, never on the API's
 * port; with METRICS_TOKEN only to `Authorization: Bearer <token>`.
 */
@Injectable()
export class MetricsService implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  readonly registry = new Registry();
  private readonly settings: MetricsConfig;
  private server: Server | undefined;

  private readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to its response being sent, by route template',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  private readonly bookings = new Counter({
    name: 'medora_booking_requests_total',
    help: 'Answers to POST /api/appointments by status (201 booked, 409 slot taken, 429 throttled)',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });

  // Tries of mail jobs by outcome (a dead-lettered try is the last failed one).
  private readonly mailJobs = new Counter({
    name: 'medora_mail_jobs_total',
    help: 'Tries of mail jobs by outcome: completed, failed (retried later), dead_lettered (tries used up)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor(
    @Inject(CONFIG) config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
    @Inject(POOL_STATS) private readonly readPool: () => PoolStats | undefined,
  ) {
    if (!config.metrics) throw new Error('MetricsService needs METRICS_PORT');
    this.settings = config.metrics;
  }

  onModuleInit(): void {
    collectDefaultMetrics({ register: this.registry });
    this.poolGauges();
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addHook('onResponse', (request, reply, done) => {
      const route = routeTemplate(request);
      const status = statusLabel(reply.statusCode, reply.raw.writableFinished);
      this.requestDuration.observe({ method: request.method, route, status }, reply.elapsedTime / 1000);
      if (request.method === BOOKING_ROUTE.method && route === BOOKING_ROUTE.route)
        this.bookings.inc({ status });
      done();
    });
  }

  private readonly dependencies = new Gauge({
    name: 'medora_dependency_up',
    help: 'Whether a dependency answered the last readiness check (1) or not (0): database, redis, object_store',
    labelNames: ['dependency'] as const,
    registers: [this.registry],
  });

  /** The outcome of a readiness check of one dependency (the health route calls this). */
  dependency(name: 'database' | 'redis' | 'object_store', up: boolean): void {
    this.dependencies.set({ dependency: name }, up ? 1 : 0);
  }

  /** One try of a mail job ended (the queue calls this when metrics are on). */
  mailJob(outcome: MailJobOutcome): void {
    this.mailJobs.inc({ outcome });
  }

  /** Read at scrape time from the TypeORM pg pool: nothing is counted per request. */
  private poolGauges(): void {
    const readPool = this.readPool;
    const gauge = (name: string, help: string, key: keyof PoolStats) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          const stats = readPool();
          if (stats) this.set(stats[key]);
        },
      });
    gauge('medora_db_pool_connections', 'Open connections of the database pool', 'total');
    gauge('medora_db_pool_idle_connections', 'Open connections not serving a query', 'idle');
    gauge('medora_db_pool_waiting_requests', 'Queries waiting for a free connection', 'waiting');
    gauge('medora_db_pool_max_connections', 'Size limit of the database pool (DB_POOL_SIZE)', 'max');
  }

  async onApplicationBootstrap(): Promise<void> {
    const server = createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.settings.port, this.settings.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    new Logger('Metrics').log(
      `Prometheus metrics on http://${this.settings.host}:${this.settings.port}/metrics`,
    );
  }

  private authorized(req: IncomingMessage): boolean {
    const token = this.settings.token;
    if (token === undefined) return true;
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    return timingSafeEqual(sha256(given), sha256(token));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at GET /metrics\n');
      return;
    }
    if (!this.authorized(req)) {
      res
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
        .end('Send METRICS_TOKEN as Authorization: Bearer <token>\n');
      return;
    }
    try {
      const body = await this.registry.metrics();
      res
        .writeHead(200, { 'content-type': this.registry.contentType })
        .end(req.method === 'HEAD' ? '' : body);
    } catch (error) {
      new Logger('Metrics').error(
        `Collecting metrics failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      res.writeHead(500, { 'content-type': 'text/plain' }).end('Collecting metrics failed\n');
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
