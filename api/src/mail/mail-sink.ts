import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Injectable, Logger } from '@nestjs/common';
import type { SMTPServer } from 'smtp-server';
import type { MailSinkMessage, MailSinkSummary } from '@medora/shared';

/** The sink keeps this many mails, newest first; older ones are dropped. */
export const MAIL_SINK_CAPACITY = 200;
/** A mail larger than this is refused (ours are a few KB). */
const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;

/** Every http(s) link of a text, in order, once each. */
export function linksOf(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
}

/**
 * An SMTP server on loopback inside the API process, for local use only (never in
 * production: the config requires SMTP_URL there). The API's own transport sends to it when SMTP_URL
 * is unset; each message is parsed and kept in memory for /dev/mailbox. The API tests start one too,
 * as the real SMTP server their app sends to.
 */
@Injectable()
export class MailSink {
  private readonly logger = new Logger('MailSink');
  private server: SMTPServer | undefined;
  private messages: MailSinkMessage[] = [];
  /** Messages received since start or `clear` (the kept list holds only the newest). */
  private count = 0;
  private waiters: (() => void)[] = [];

  /** Starts listening on 127.0.0.1 (`port` 0: any free port); resolves with the port. */
  async start(port = 0): Promise<number> {
    if (this.server) return this.port();
    // Loaded here, not at the top: both are development dependencies, absent from the production
    // image, where SMTP_URL is required and the sink never starts.
    const [{ SMTPServer: Server }, { simpleParser }] = await Promise.all([
      import('smtp-server'),
      import('mailparser'),
    ]);
    const server = new Server({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      size: MAX_MESSAGE_BYTES,
      onData: (stream, session, callback) => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        simpleParser(stream)
          .then((parsed) => {
            const text = parsed.text ?? '';
            this.keep({
              id: randomUUID(),
              to,
              from: parsed.from?.text ?? '',
              subject: parsed.subject ?? '',
              receivedAt: new Date().toISOString(),
              text,
              html: typeof parsed.html === 'string' ? parsed.html : null,
              links: linksOf(text),
              headers: Object.fromEntries(
                parsed.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).trim()]),
              ),
              attachments: parsed.attachments.map((a) => ({
                filename: a.filename ?? 'attachment',
                contentType: a.contentType,
                size: a.size,
                base64: a.content.toString('base64'),
              })),
            });
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      },
    });
    server.on('error', (error) => this.logger.warn(`SMTP sink: ${error.message}`));
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.logger.log(`SMTP sink on 127.0.0.1:${this.port()}: mail stays on this machine (/dev/mailbox)`);
    return this.port();
  }

  port(): number {
    return (this.server!.server.address() as AddressInfo).port;
  }

  get running(): boolean {
    return this.server !== undefined;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private keep(message: MailSinkMessage): void {
    this.count++;
    this.messages = [message, ...this.messages].slice(0, MAIL_SINK_CAPACITY);
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Newest first. */
  list(): MailSinkSummary[] {
    return this.messages.map(({ id, to, subject, receivedAt }) => ({ id, to, subject, receivedAt }));
  }

  get(id: string): MailSinkMessage | undefined {
    return this.messages.find((m) => m.id === id);
  }

  /** Every kept message, newest first (tests). */
  all(): MailSinkMessage[] {
    return [...this.messages];
  }

  /** How many messages arrived since start or `clear`, kept or not (benchmarks). */
  received(): number {
    return this.count;
  }

  clear(): void {
    this.count = 0;
    this.messages = [];
  }

  /**
   * Resolves with the first kept message that matches, waiting for new ones until `timeoutMs` (tests
   * and the dev route wait on an event, never a fixed sleep).
   */
  async waitFor(match: (m: MailSinkMessage) => boolean, timeoutMs = 5_000): Promise<MailSinkMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('No matching mail arrived in time');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}
