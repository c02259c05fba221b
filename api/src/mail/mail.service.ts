import { Inject, Injectable, Logger } from '@nestjs/common';
import { MAIL_QUEUE, type MailEvent, type MailQueue } from './mail.contract.js';

export type { MailEvent } from './mail.contract.js';

/**
 * What producers (appointments, admin) call after their transaction committed: hands
 * the events to MAIL_QUEUE. Mail is late at worst, never the reason a booking, cancel or decision
 * fails, so a queue error is logged and swallowed here.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger('Mail');

  constructor(@Inject(MAIL_QUEUE) private readonly queue: MailQueue) {}

  async enqueue(events: MailEvent[]): Promise<void> {
    try {
      await this.queue.enqueue(events);
    } catch (error) {
      this.logger.error(
        `Could not enqueue ${events.map((e) => e.kind).join(', ')}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
