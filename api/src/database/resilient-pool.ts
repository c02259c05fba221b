import { EventEmitter } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import {
  connectionFailure,
  isTransientConnectFailure,
  statementKind,
  type StatementKind,
} from './connection-errors.js';

/**
 * How long one statement (or one connection request) may wait for the database to come back before
 * its error reaches the caller (then a 503). Covers a restart of the server, which takes about a
 * second; a longer outage is reported rather than hidden.
 */
export const RETRY_WINDOW_MS = 5_000;
/** Pauses between connection attempts: short at first, so a quick restart costs little latency. */
const FIRST_PAUSE_MS = 25;
const MAX_PAUSE_MS = 250;
/** A statement moves to a new connection at most this many times. */
const MAX_MOVES = 4;

/** Raised instead of running a statement whose transaction died with its connection. */
export class ConnectionLostError extends Error {
  /** SQLSTATE connection_failure, so it is classified like the driver's own connection errors. */
  readonly code = '08006';
  constructor() {
    super('Connection terminated: the transaction was lost with its connection');
    this.name = 'ConnectionLostError';
  }
}

type QueryText = string | pg.QueryConfig;
/** A submittable (pg-query-stream, pg-cursor) keeps a portal open across round trips. */
const isSubmittable = (value: unknown): value is pg.Submittable =>
  !!value && typeof (value as { submit?: unknown }).submit === 'function';
const textOf = (query: QueryText): string => (typeof query === 'string' ? query : (query.text ?? ''));
const noop = () => undefined;
type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: Error | boolean) => void,
) => void;

/**
 * The pool TypeORM uses (`dataSourceOptions` passes `resilientPg` as its driver). On top of pg-pool:
 *
 * - Getting a connection is retried (with backoff, within RETRY_WINDOW_MS) while the server refuses or
 *   is not ready: nothing has run yet, so this is safe for every statement. Only once the pool has
 *   connected at least once: a wrong DATABASE_URL at start still fails at once.
 * - Connections are handed out as `PooledConnection`s, which move a statement to a new connection when
 *   its connection died before it could have had an effect (see `PooledConnection`).
 * - A client never emits 'error' without a listener (that would throw and end the process): the pool
 *   listens on every client and on itself; pg-pool drops the dead client.
 */
export class ResilientPool extends pg.Pool {
  private connectedOnce = false;

  constructor(config?: pg.PoolConfig & PoolHolderOption) {
    super(config);
    // Registers itself where `resilientPoolOf` finds it through the DataSource's public options.
    if (config?.[POOL_HOLDER]) config[POOL_HOLDER].pool = this;
    this.on('connect', (client: pg.PoolClient) => {
      this.connectedOnce = true;
      client.on('error', noop);
    });
    // pg-pool re-emits the error of an idle client it has just dropped. TypeORM adds its own (logging)
    // listener; this one keeps the pool safe when used on its own.
    this.on('error', noop);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const acquired = this.acquireClient(Date.now() + RETRY_WINDOW_MS).then(
      // The wrapper implements what TypeORM and pg-pool's `query` use of a client (see PooledConnection).
      (client) => new PooledConnection(this, client) as unknown as pg.PoolClient,
    );
    if (!callback) return acquired;
    acquired.then(
      (client) => callback(undefined, client, client.release),
      (error: Error) => callback(error, undefined, noop),
    );
  }

  /** A plain pg-pool client, retrying while the server is unavailable, until `deadline` (epoch ms). */
  async acquireClient(deadline: number): Promise<pg.PoolClient> {
    let pause = FIRST_PAUSE_MS;
    for (;;) {
      try {
        return await super.connect();
      } catch (error) {
        const retry =
          this.connectedOnce &&
          !this.ending &&
          isTransientConnectFailure(error) &&
          Date.now() + pause < deadline;
        if (!retry) throw error;
        await delay(pause);
        pause = Math.min(pause * 2, MAX_PAUSE_MS);
      }
    }
  }

  /**
   * One `SELECT 1` on a pooled connection, without any retry: health checks must report an outage,
   * not ride it out.
   */
  async probe(): Promise<void> {
    const client = await super.connect();
    try {
      await client.query('SELECT 1');
      client.release();
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  }
}

/** `pg` for TypeORM's `driver` option: the same module with `ResilientPool` as its Pool. */
export const resilientPg = { ...pg, Pool: ResilientPool };

/** The key of the pool holder in the DataSource's `extra` options (passed on to the pool's config). */
export const POOL_HOLDER = 'medoraPoolHolder';
/** Filled with the pool the DataSource's driver builds from its options. */
export interface PoolHolder {
  pool?: ResilientPool;
}
interface PoolHolderOption {
  [POOL_HOLDER]?: PoolHolder;
}

/**
 * The DataSource's pool when it is a `ResilientPool` (after `initialize()`), found through the public
 * `ds.options`: TypeORM has no pool hook or accessor, but it builds `new options.driver.Pool(config)`
 * with the `extra` options spread into `config`, so the pool registers itself in the holder that
 * `dataSourceOptions` puts there. Swapping the `pg` module is the only way in: the retry must sit at the
 * pool, under every QueryRunner (repositories, QueryBuilder, transactions), to keep the measured
 * guarantee of pg-restart.e2e-spec.ts; a wrapper around `ds.query` would miss those.
 * `PooledConnection` is cast to `pg.PoolClient` because it implements only the members TypeORM and
 * pg-pool call (query, release, escapeIdentifier/escapeLiteral and the EventEmitter API); a full
 * pg.Client subclass would also inherit a socket it must not have.
 */
export function resilientPoolOf(ds: DataSource): ResilientPool | undefined {
  // A stand-in DataSource (unit tests) may have no options: then there is no pool to find.
  const extra = (ds.options as { extra?: unknown } | undefined)?.extra as PoolHolderOption | undefined;
  return extra?.[POOL_HOLDER]?.pool;
}

/**
 * A checked-out connection that can move to a new pg client when its own died. A statement moves (and
 * runs again) only when that cannot repeat an effect:
 *
 * - it was never sent (the connection was already known dead), outside a transaction or in one that has
 *   only run BEGIN / SET TRANSACTION so far (those are replayed on the new connection);
 * - or it was sent and failed with a connection error, and it is a read outside a transaction, or any
 *   statement of a transaction that has done nothing else yet (an uncommitted transaction leaves no
 *   trace).
 *
 * A write sent outside a transaction is never repeated: it may have committed just before the
 * connection died. A transaction that has done work dies with its connection (the caller gets a
 * connection error, i.e. a 503, and may retry it whole). Errors of the underlying client are absorbed
 * (the next statement notices) rather than re-emitted, so TypeORM's query runner is not released while
 * its work can still move.
 */
class PooledConnection extends EventEmitter {
  private client: pg.PoolClient | undefined;
  private lost = false;
  /** 'fresh': inside a transaction that has run only BEGIN / SET TRANSACTION. */
  private tx: 'none' | 'fresh' | 'used' = 'none';
  private setup: [QueryText, unknown[] | undefined][] = [];
  private released = false;
  /** The move in progress: concurrent statements share it instead of each taking a new client. */
  private moving: Promise<void> | undefined;
  private readonly markLost = () => {
    this.lost = true;
  };

  constructor(
    private readonly pool: ResilientPool,
    client: pg.PoolClient,
  ) {
    super();
    this.attach(client);
  }

  query(query: QueryText | pg.Submittable, values?: unknown, callback?: unknown): unknown {
    // After release the connection belongs to the pool again; a new one taken here would never return.
    if (this.released) throw new Error('Query on a connection that was released to the pool');
    if (isSubmittable(query)) {
      // Streams and cursors are not replayed: they go to the current client as they are.
      if (!this.client) throw new ConnectionLostError();
      return (this.client.query as (...args: unknown[]) => unknown)(query, values, callback);
    }
    if (typeof values === 'function') {
      callback = values;
      values = undefined;
    }
    const result = this.run(query, values as unknown[] | undefined);
    if (typeof callback !== 'function') return result;
    result.then(
      (res) => (callback as (err: Error | null, res?: pg.QueryResult) => void)(null, res),
      (error: Error) => (callback as (err: Error) => void)(error),
    );
    return undefined;
  }

  /** Returns the client to the pool; a dead one, or one left inside a transaction, is closed instead. */
  readonly release = (err?: Error | boolean): void => {
    if (this.released)
      throw new Error('Release called on client which has already been released to the pool.');
    this.released = true;
    const client = this.detach();
    if (!client) return;
    if (err) client.release(err);
    else if (this.lost) client.release(new ConnectionLostError());
    else if (this.tx !== 'none') client.release(new Error('Released inside a transaction'));
    else client.release();
  };

  escapeIdentifier(value: string): string {
    return pg.escapeIdentifier(value);
  }

  escapeLiteral(value: string): string {
    return pg.escapeLiteral(value);
  }

  private async run(query: QueryText, values: unknown[] | undefined): Promise<pg.QueryResult> {
    const kind = statementKind(textOf(query));
    const deadline = Date.now() + RETRY_WINDOW_MS;
    for (let moves = 0; ; moves++) {
      let client: pg.PoolClient | undefined;
      try {
        if (this.lost || !this.client) await this.reconnect(deadline);
        client = this.client!;
        const result = await client.query(query, values);
        this.track(kind, query, values);
        return result;
      } catch (error) {
        const failure = connectionFailure(error);
        if (!failure) {
          if (client) this.trackFailure(kind);
          throw error;
        }
        // Another statement may already have moved this connection on: only the current client dies.
        if (client && client === this.client) this.lost = true;
        const unsent = !client || failure === 'client-not-queryable';
        if (!this.mayRunAgain(kind, unsent) || moves >= MAX_MOVES || Date.now() >= deadline) throw error;
      }
    }
  }

  private mayRunAgain(kind: StatementKind, unsent: boolean): boolean {
    if (this.tx === 'used') return false;
    if (this.tx === 'fresh') return kind !== 'end';
    return unsent || kind === 'read' || kind === 'begin' || kind === 'txSetup';
  }

  private reconnect(deadline: number): Promise<void> {
    this.moving ??= this.moveToNewConnection(deadline).finally(() => {
      this.moving = undefined;
    });
    return this.moving;
  }

  private async moveToNewConnection(deadline: number): Promise<void> {
    if (this.tx === 'used') throw new ConnectionLostError();
    // Give the dead client back first: holding it while waiting for a new one could exhaust the pool.
    this.detach()?.release(new ConnectionLostError());
    const client = await this.pool.acquireClient(deadline);
    if (this.released) {
      client.release();
      throw new ConnectionLostError();
    }
    this.attach(client);
    for (const [query, values] of this.setup) await client.query(query, values);
  }

  private attach(client: pg.PoolClient): void {
    this.client = client;
    this.lost = false;
    client.on('error', this.markLost);
    client.on('end', this.markLost);
  }

  private detach(): pg.PoolClient | undefined {
    const client = this.client;
    client?.removeListener('error', this.markLost);
    client?.removeListener('end', this.markLost);
    this.client = undefined;
    return client;
  }

  private track(kind: StatementKind, query: QueryText, values: unknown[] | undefined): void {
    if (kind === 'begin') {
      // BEGIN inside a transaction is only a warning in Postgres: the transaction goes on as it was.
      if (this.tx === 'none') {
        this.tx = 'fresh';
        this.setup = [[query, values]];
      }
    } else if (kind === 'txSetup') {
      if (this.tx === 'fresh') this.setup.push([query, values]);
    } else if (kind === 'end') {
      this.tx = 'none';
      this.setup = [];
    } else if (this.tx !== 'none') {
      this.tx = 'used';
    }
  }

  /** A statement the server rejected (not a connection error): the transaction is now aborted work. */
  private trackFailure(kind: StatementKind): void {
    if (kind === 'end') {
      this.tx = 'none';
      this.setup = [];
    } else if (this.tx !== 'none') {
      this.tx = 'used';
    }
  }
}
