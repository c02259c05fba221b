import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { AppConfig } from '../config/app-config.js';
import { ConfigError, loadConfig } from '../config/config.js';
import { verifyDkim } from '../../test/support/dkim-verify.js';
import { MailSink } from './mail-sink.js';
import { MailTransport } from './mail-transport.js';

/**
 * DKIM (RFC 6376): with DKIM_* set, a mail the API sends reaches the SMTP server signed, and the
 * signature verifies with the public key a receiver would find in DNS (here given directly).
 */

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const DKIM_ENV = { DKIM_DOMAIN: 'clinic.example', DKIM_SELECTOR: 'medora2026', DKIM_PRIVATE_KEY: PEM };

/** A local SMTP server that keeps each message's raw bytes. */
async function rawSink(): Promise<{ port: number; messages: string[]; close: () => Promise<void> }> {
  const messages: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function sendOne(env: Record<string, string>, port: number): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'test', SMTP_URL: `smtp://127.0.0.1:${port}`, ...env }) as AppConfig;
  const transport = new MailTransport(config, new MailSink());
  await transport.onModuleInit();
  try {
    await transport.send({
      to: 'patient@example.org',
      subject: 'Your appointment  is   confirmed',
      text: 'Hello,\r\n\r\nYour appointment is on Monday.  \r\n\r\n\r\n',
      html: '<p>Your appointment is on Monday.</p>',
      headers: { 'List-Unsubscribe': '<https://medora.example/api/mail/unsubscribe?token=abc>' },
      attachments: [],
    });
  } finally {
    await transport.onModuleDestroy();
  }
}

describe('DKIM signing', () => {
  let sink: Awaited<ReturnType<typeof rawSink>>;
  beforeAll(async () => {
    sink = await rawSink();
  });
  afterAll(async () => {
    await sink.close();
  });

  it('signs every mail, and the signature verifies with the public key (RFC 6376 relaxed/relaxed)', async () => {
    await sendOne(DKIM_ENV, sink.port);
    const raw = sink.messages.at(-1)!;
    const result = verifyDkim(raw, publicKey);
    expect(result).toMatchObject({
      ok: true,
      tags: { d: 'clinic.example', s: 'medora2026', a: 'rsa-sha256' },
    });
    // The headers a receiver cares about are signed.
    expect(result.tags.h!.toLowerCase().split(':')).toEqual(
      expect.arrayContaining(['from', 'to', 'subject']),
    );
  });

  it('the check can fail: a changed body, a changed subject or another key does not verify', async () => {
    await sendOne(DKIM_ENV, sink.port);
    const raw = sink.messages.at(-1)!;
    expect(verifyDkim(raw.replace('Monday', 'Sunday'), publicKey)).toMatchObject({
      ok: false,
      why: 'body hash mismatch',
    });
    expect(verifyDkim(raw.replace(/^Subject: .*$/m, 'Subject: Pay now'), publicKey).ok).toBe(false);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    expect(verifyDkim(raw, other).ok).toBe(false);
  });

  it('without DKIM_* mail goes out unsigned', async () => {
    await sendOne({}, sink.port);
    expect(sink.messages.at(-1)).not.toMatch(/^DKIM-Signature:/im);
  });

  it('takes the key on one line with \\n for the line breaks', async () => {
    await sendOne({ ...DKIM_ENV, DKIM_PRIVATE_KEY: PEM.trim().replace(/\n/g, '\\n') }, sink.port);
    expect(verifyDkim(sink.messages.at(-1)!, publicKey).ok).toBe(true);
  });

  it('refuses to start with some DKIM_* but not all, or with a key that is not an RSA private key', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ NODE_ENV: 'test', ...env });
        return '';
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
    };
    expect(problems({ DKIM_DOMAIN: 'clinic.example' })).toMatch(/must be set together/);
    expect(problems({ DKIM_DOMAIN: 'clinic.example', DKIM_SELECTOR: 'medora2026' })).toMatch(
      /must be set together/,
    );
    const notAKey = problems({ ...DKIM_ENV, DKIM_PRIVATE_KEY: 'not-a-key-but-a-secret' });
    expect(notAKey).toMatch(/DKIM_PRIVATE_KEY must be an RSA private key/);
    // A secret is never echoed back in an error.
    expect(notAKey).not.toContain('not-a-key-but-a-secret');
    const ed = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(problems({ ...DKIM_ENV, DKIM_PRIVATE_KEY: ed })).toMatch(/RSA private key/);
    expect(problems({ ...DKIM_ENV, DKIM_DOMAIN: 'not a domain' })).toMatch(
      /DKIM_DOMAIN must be a domain name/,
    );
    expect(problems(DKIM_ENV)).toBe('');
  });
});
