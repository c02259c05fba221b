import { Inject, Injectable, Logger } from '@nestjs/common';
import { MAIL_DISPATCHER, type MailDispatcher, type MailEvent, type MailQueue } from './mail-contract.js';

/**
 * TEMPORARY (issue 19 §1, until the pg-boss queue of §2 lands; the merger replaces the MAIL_QUEUE
 * binding in MailModule): dispatches each event right away in the background, no retry; a failure is
 * logged and never reaches the request that caused it. `manager` is ignored: producers enqueue after
 * their transaction committed.
 */
@Injectable()
export class DirectMailQueue implements MailQueue {
  private readonly logger = new Logger('Mail');

  constructor(@Inject(MAIL_DISPATCHER) private readonly dispatcher: MailDispatcher) {}

  enqueue(events: MailEvent[]): Promise<void> {
    for (const event of events) {
      this.dispatcher.dispatch(event).catch((error: unknown) => {
        this.logger.warn(
          `Mail ${event.kind} to the ${event.audience} not sent: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    }
    return Promise.resolve();
  }
}
