import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type { AppConfig } from '../config/app-config.js';
import { CONFIG } from '../config/config.js';
import type { ComposedMail } from './mail-composer.js';
import { MailSink } from './mail-sink.js';

/** An SMTP server that does not answer fails the send within these (the queue retries it later). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * SMTP through nodemailer. SMTP_URL when set (always in production: the config refuses to
 * start without it); otherwise the in-process sink, started here, so local mail is real SMTP too.
 */
@Injectable()
export class MailTransport implements OnModuleInit, OnModuleDestroy {
  private transporter: Transporter | undefined;

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly sink: MailSink,
  ) {}

  async onModuleInit(): Promise<void> {
    const { smtpUrl, dkim } = this.config.mail;
    // DKIM (RFC 6376): nodemailer signs each message (relaxed/relaxed, rsa-sha256) so
    // receivers can check it came from the domain; the public key is published in DNS at
    // <selector>._domainkey.<domain> (docs/operations.md).
    const signing = dkim ? { dkim } : {};
    if (smtpUrl) {
      // Pooled: a batch of mails reuses a few connections instead of a handshake per message.
      this.transporter = createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: 5,
        ...SMTP_TIMEOUTS,
        ...signing,
      });
      return;
    }
    if (this.config.nodeEnv === 'production') throw new Error('SMTP_URL is required in production');
    const port = await this.sink.start();
    this.transporter = createTransport({
      host: '127.0.0.1',
      port,
      secure: false,
      ignoreTLS: true,
      ...SMTP_TIMEOUTS,
      ...signing,
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.transporter?.close();
    await this.sink.stop();
  }

  /** Resolves when the SMTP server accepted the message; rejects otherwise. */
  async send(mail: ComposedMail): Promise<void> {
    if (!this.transporter) throw new Error('The mail transport is not started');
    await this.transporter.sendMail({
      from: this.config.mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
      attachments: mail.attachments,
    });
  }
}
