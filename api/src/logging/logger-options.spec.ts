import { createServer, get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pinoHttp, type Options } from 'pino-http';
import { markDrainAnswer } from '../common/drain-answer.js';
import { LOG_LEVELS } from '../config/config.js';
import { PINO_LEVEL, REDACTED_KEYS, loggerParams, requestIdOf, scrubText } from './logger-options.js';

/** The pino logger the app builds (through pino-http, as nestjs-pino does), writing into `lines`. */
function capture(level: (typeof LOG_LEVELS)[number] = 'log') {
  const lines: string[] = [];
  const options = loggerParams(level, { write: (l: string) => void lines.push(l) }).pinoHttp as Options;
  return { logger: pinoHttp(options).logger, lines };
}

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhYmMifQ.c2lnbmF0dXJl';

describe('LOG_LEVEL → pino level', () => {
  it('maps every accepted LOG_LEVEL, Nest’s names onto pino’s', () => {
    expect(Object.keys(PINO_LEVEL).sort()).toEqual([...LOG_LEVELS].sort());
    expect(PINO_LEVEL.log).toBe('info');
    expect(PINO_LEVEL.verbose).toBe('trace');
  });

  it('writes nothing when silent and drops lines below the level', () => {
    const silent = capture('silent');
    silent.logger.error('boom');
    expect(silent.lines).toEqual([]);
    const warn = capture('warn');
    warn.logger.info('quiet');
    warn.logger.warn('loud');
    expect(warn.lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['loud']);
  });
});

describe('redaction', () => {
  it('censors every listed key, at the top and nested', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        email: 'top@example.org',
        user: { idToken: JWT, profile: { answers: { symptoms: 'Chest Pain' } } },
        a: { b: { c: { summary: 'RED FLAGS' } } },
        headers: { Authorization: 'Basic abc', 'set-cookie': 'sid=1' },
      },
      'saved',
    );
    const line = lines.join('');
    for (const secret of ['top@example.org', JWT, 'Chest Pain', 'RED FLAGS', 'Basic abc', 'sid=1'])
      expect(line).not.toContain(secret);
    expect(line.match(/\[REDACTED\]/g)).toHaveLength(6);
  });

  it('censors inside arrays and leaves other values alone', () => {
    const { logger, lines } = capture();
    logger.info({ list: [{ notes: 'Checkup', doctorId: 'd-1' }], n: 3, at: null }, 'x');
    expect(JSON.parse(lines[0]!)).toMatchObject({
      list: [{ notes: '[REDACTED]', doctorId: 'd-1' }],
      n: 3,
      at: null,
    });
  });

  it('has one entry per key', () => {
    expect(new Set(REDACTED_KEYS).size).toBe(REDACTED_KEYS.length);
  });

  it('scrubs e-mail addresses and tokens out of messages and error texts', () => {
    const { logger, lines } = capture();
    logger.warn(`Key (email)=(ana.b+1@clinic.example.com) already exists; sent Bearer ${JWT}`);
    logger.error({ err: new Error(`token ${JWT} of x@y.io rejected`) }, 'failed');
    const text = lines.join('');
    expect(text).not.toMatch(/ana\.b|clinic\.example|x@y\.io|eyJ/);
    expect(scrubText('Bearer abc.def')).toBe('Bearer [REDACTED]');
    expect(scrubText('GET /api/patients/:uid 200')).toBe('GET /api/patients/:uid 200');
  });
});

describe('requestIdOf', () => {
  it('keeps a plain id from the gateway', () => {
    expect(requestIdOf('4f1c2a9be0d3c7a8b6e5d4c3b2a19087')).toBe('4f1c2a9be0d3c7a8b6e5d4c3b2a19087');
    expect(requestIdOf(['abc-1', 'abc-2'])).toBe('abc-1');
  });

  it('makes a new one when none or an unsafe one comes in', () => {
    for (const bad of [undefined, '', 'a b', 'x"\n{"level":60}', 'x'.repeat(129)])
      expect(requestIdOf(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});

describe('request line level', () => {
  const levelOf = (status: number, drain: boolean) => {
    const options = loggerParams('log').pinoHttp as Options;
    const res = { statusCode: status } as never;
    if (drain) markDrainAnswer(res);
    return (options.customLogLevel as (req: unknown, res: unknown, err?: Error) => string)({}, res);
  };

  it('logs a 5xx at error, but the drain’s 503 of a replica shutting down at info', () => {
    expect(levelOf(503, false)).toBe('error');
    expect(levelOf(500, false)).toBe('error');
    expect(levelOf(503, true)).toBe('info');
    expect(levelOf(404, false)).toBe('info');
  });
});

describe('an answer cut off midway', () => {
  it('is logged as aborted, not as a plain 200', async () => {
    const lines: string[] = [];
    const options = loggerParams('log', { write: (l: string) => void lines.push(l) }).pinoHttp as Options;
    const log = pinoHttp(options);
    const server = createServer((req, res) => {
      log(req, res);
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.write(Buffer.alloc(64 * 1024));
      // The rest never comes: the client goes away first.
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((resolve) => {
        const req = httpGet({ host: '127.0.0.1', port, path: '/file' }, (res) => {
          res.once('data', () => req.destroy());
          res.on('close', () => resolve());
        });
        req.on('error', () => resolve());
      });
      const deadline = Date.now() + 5_000;
      while (lines.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(JSON.parse(lines[0]!)).toMatchObject({ status: 200, aborted: true, msg: 'request aborted' });
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
