import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES, type UnsubscribeStatus } from '@medora/shared';
import { ApiException } from '../common/http-exception.filter.js';
import type { AppConfig } from '../config/app-config.js';
import { CONFIG } from '../config/config.js';
import { MailRepository } from './mail.repository.js';
import { verifyUnsubscribeToken, type UnsubscribeClaims } from './unsubscribe-token.js';

/** Checks an unsubscribe token and applies it (reminder e-mails off for its user). */
@Injectable()
export class UnsubscribeService {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly mail: MailRepository,
  ) {}

  private claims(token: string, now: Date): UnsubscribeClaims {
    const checked = verifyUnsubscribeToken(token, this.config.mail.linkSecret, now);
    if (!checked.ok) {
      if (checked.reason === 'expired') throw new ApiException(410, MESSAGES.unsubscribeTokenExpired);
      throw new ApiException(400, MESSAGES.unsubscribeTokenInvalid, {
        token: MESSAGES.unsubscribeTokenInvalid,
      });
    }
    return checked.claims;
  }

  async check(token: string, now = new Date()): Promise<UnsubscribeStatus> {
    const { uid, list } = this.claims(token, now);
    if (!(await this.mail.userExists(uid))) throw new ApiException(404, MESSAGES.unsubscribeUserUnknown);
    return { list, unsubscribed: false };
  }

  async apply(token: string, now = new Date()): Promise<UnsubscribeStatus> {
    const { uid, list } = this.claims(token, now);
    if (!(await this.mail.turnRemindersOff(uid)))
      throw new ApiException(404, MESSAGES.unsubscribeUserUnknown);
    return { list, unsubscribed: true };
  }
}
