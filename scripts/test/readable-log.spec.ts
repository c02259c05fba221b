import { readableLogLine } from '../lib/readable-log.js';

describe('readableLogLine', () => {
  const at = '2026-11-27T09:05:07.000Z';
  const local = (() => {
    const d = new Date(at);
    return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
  })();

  it('turns the API request line into method, route, status and latency', () => {
    const json = JSON.stringify({
      level: 30,
      time: at,
      requestId: 'r1',
      method: 'GET',
      route: '/api/patients/:uid',
      status: 200,
      latencyMs: 12.4,
      msg: 'request completed',
    });
    expect(readableLogLine(json)).toBe(`${local} GET    /api/patients/:uid → 200 12 ms`);
  });

  it('says when the client cut the answer off', () => {
    const json = JSON.stringify({
      level: 30,
      time: at,
      method: 'GET',
      route: '/f',
      status: 200,
      aborted: true,
    });
    expect(readableLogLine(json)).toContain('(aborted by the client)');
  });

  it('writes other events with their level (info untagged) and context', () => {
    expect(readableLogLine(JSON.stringify({ level: 30, time: at, context: 'Mail', msg: 'sent' }))).toBe(
      `${local} Mail: sent`,
    );
    const warn = JSON.stringify({
      level: 50,
      time: at,
      msg: 'failed',
      err: { type: 'Error', message: 'boom' },
    });
    expect(readableLogLine(warn)).toBe(`${local} ERROR failed — Error: boom`);
  });

  it('passes through what is not the API JSON', () => {
    expect(readableLogLine('    at Object.<anonymous> (x.ts:1:1)')).toBe(
      '    at Object.<anonymous> (x.ts:1:1)',
    );
    expect(readableLogLine('{not json')).toBe('{not json');
    expect(readableLogLine('{"a":1}')).toBe('{"a":1}');
  });
});
