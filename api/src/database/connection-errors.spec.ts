import pg from 'pg';
import {
  connectionFailure,
  isDatabaseUnavailable,
  isTransientConnectFailure,
  statementKind,
} from './connection-errors.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const serverError = (code: string) => {
  const error = new pg.DatabaseError('server says no', 14, 'error');
  error.code = code;
  return error;
};

describe('connectionFailure', () => {
  it('recognises connection errors by socket code, SQLSTATE and driver message', () => {
    expect(connectionFailure(withCode('ECONNREFUSED'))).toBe('ECONNREFUSED');
    expect(connectionFailure(withCode('ECONNRESET'))).toBe('ECONNRESET');
    expect(connectionFailure(serverError('57P01'))).toBe('57P01');
    expect(connectionFailure(serverError('57P03'))).toBe('57P03');
    expect(connectionFailure(serverError('08P01'))).toBe('08P01');
    expect(connectionFailure(new Error('Connection terminated unexpectedly'))).toBe('connection-terminated');
    expect(
      connectionFailure(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe('client-not-queryable');
  });

  it('looks inside TypeORM’s driverError, a cause and an AggregateError', () => {
    expect(connectionFailure({ message: 'query failed', driverError: serverError('57P01') })).toBe('57P01');
    expect(connectionFailure(new Error('outer', { cause: withCode('EPIPE') }))).toBe('EPIPE');
    expect(connectionFailure(new AggregateError([new Error('a'), withCode('ECONNREFUSED')]))).toBe(
      'ECONNREFUSED',
    );
  });

  it('leaves statement errors and other values alone', () => {
    for (const value of [serverError('23505'), serverError('42P01'), new Error('boom'), 'text', null, 42]) {
      expect(isDatabaseUnavailable(value)).toBe(false);
    }
  });
});

describe('isTransientConnectFailure', () => {
  it('retries a refused or not-ready server, not a pool that stayed busy or was closed', () => {
    expect(isTransientConnectFailure(withCode('ECONNREFUSED'))).toBe(true);
    expect(isTransientConnectFailure(serverError('57P03'))).toBe(true);
    expect(isTransientConnectFailure(serverError('53300'))).toBe(true);
    expect(isTransientConnectFailure(new Error('timeout exceeded when trying to connect'))).toBe(false);
    expect(isTransientConnectFailure(new Error('Cannot use a pool after calling end on the pool'))).toBe(
      false,
    );
    expect(isTransientConnectFailure(serverError('28P01'))).toBe(false);
  });
});

describe('statementKind', () => {
  it('tells transaction control from reads and writes', () => {
    expect(statementKind('START TRANSACTION')).toBe('begin');
    expect(statementKind('begin')).toBe('begin');
    expect(statementKind('SET TRANSACTION ISOLATION LEVEL SERIALIZABLE')).toBe('txSetup');
    expect(statementKind('COMMIT')).toBe('end');
    expect(statementKind('ROLLBACK')).toBe('end');
    expect(statementKind('ROLLBACK TO SAVEPOINT typeorm_1')).toBe('write');
    expect(statementKind('SAVEPOINT typeorm_1')).toBe('write');
  });

  it('calls plain SELECTs reads, after comments, whitespace and parentheses', () => {
    expect(statementKind('SELECT "u"."id" FROM "users" "u" WHERE "u"."firebase_uid" = $1')).toBe('read');
    expect(statementKind('  -- who\n /* note */ (SELECT 1) UNION (SELECT 2)')).toBe('read');
    expect(statementKind('WITH d AS (SELECT * FROM doctors) SELECT * FROM d')).toBe('read');
    expect(statementKind('SELECT updated_at, deleted FROM appointments')).toBe('read');
  });

  it('calls anything that may change data a write, even when it starts like a read', () => {
    expect(statementKind('INSERT INTO audit_log (action) VALUES ($1)')).toBe('write');
    expect(statementKind('UPDATE appointments SET status = $1')).toBe('write');
    expect(statementKind('DELETE FROM documents WHERE id = $1')).toBe('write');
    expect(
      statementKind(
        'WITH audit_row AS (INSERT INTO audit_log (action) VALUES ($2)) SELECT * FROM users WHERE id = $1',
      ),
    ).toBe('write');
    expect(statementKind('SELECT * FROM appointments WHERE id = $1 FOR UPDATE')).toBe('write');
    expect(statementKind('SELECT pg_advisory_xact_lock(hashtextextended($1, 6))')).toBe('write');
    expect(statementKind("SELECT nextval('s')")).toBe('write');
    expect(statementKind('SELECT * INTO copy FROM users')).toBe('write');
    expect(statementKind('LOCK TABLE users')).toBe('write');
  });
});
