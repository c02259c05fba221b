import { Module } from '@nestjs/common';
import { MAIL_DISPATCHER } from './mail.contract.js';
import { MailDispatcherService } from './mail-dispatcher.service.js';
import { MailSink } from './mail-sink.js';
import { MailTransport } from './mail-transport.js';
import { MailController } from './mail.controller.js';
import { MailDevController } from './mail-dev.controller.js';
import { MailService } from './mail.service.js';
import { MailRepository } from './mail.repository.js';
import { UnsubscribeService } from './unsubscribe.service.js';

/**
 * E-mail (docs/product.md#e-mail). What is sent and how (composer, SMTP transport, the local sink, the
 * one-click unsubscribe); producers (appointments, admin) see only MAIL_QUEUE, which the global JobsModule
 * provides (the durable pg-boss queue), and the queue sees only MAIL_DISPATCHER.
 */
@Module({
  controllers: [MailController],
  providers: [
    MailSink,
    MailTransport,
    MailRepository,
    UnsubscribeService,
    MailDispatcherService,
    { provide: MAIL_DISPATCHER, useExisting: MailDispatcherService },
    MailService,
  ],
  // MailDispatcherService by class too, for the durable queue's module to bind MAIL_DISPATCHER to it.
  exports: [MailService, MAIL_DISPATCHER, MailDispatcherService, MailSink, MailRepository],
})
export class MailModule {}

/**
 * The local sink's mails for /dev/mailbox and the on-demand reminder: registered by AppModule only in
 * explicit local mode (MEDORA_LOCAL_MODE, never in production), like DevModule.
 */
@Module({ imports: [MailModule], controllers: [MailDevController] })
export class MailDevModule {}
