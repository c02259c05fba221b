import { Logger } from '@nestjs/common';
import type { MailDispatcher, MailEvent, MailOutcome } from '../mail-contract.js';

/**
 * Until the mail branch's SMTP dispatcher is bound (issue 19 §1), a job is logged and counted as
 * skipped. Tests bind their own dispatcher through `AppConfig.mailDispatcher`.
 */
export class LoggingMailDispatcher implements MailDispatcher {
  private readonly logger = new Logger('Mail');

  dispatch(event: MailEvent): Promise<MailOutcome> {
    this.logger.log(`No mail transport: ${event.kind} for the ${event.audience} skipped`);
    return Promise.resolve('skipped');
  }
}
