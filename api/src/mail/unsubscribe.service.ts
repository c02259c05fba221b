import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES, type UnsubscribeStatus } from '@medora/shared';
import { ApiException } from '../common/http-exception.filter.js';
import type { AppConfig } from '../config/app-config.js';
import { CONFIG } from '../config/config.js';
import { MailRepository, type ListPreference } from './mail.repository.js';
import { verifyUnsubscribeToken, type UnsubscribeClaims } from './unsubscribe-token.js';

/** Checks an unsubscribe token and applies it (its one list off for its user, once). */
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

  /**
   * What the link's page shows: the list and whether it is off now. A link made before a later change
   * of the preference while the list is on again is superseded (410): it would undo the user's choice.
   */
  async check(token: string, now = new Date()): Promise<UnsubscribeStatus> {
    const { uid, list, version } = this.claims(token, now);
    const current = await this.current(uid, list);
    if (current.on && current.version !== version) throw superseded();
    return { list, unsubscribed: !current.on };
  }

  /**
   * Turns the token's list off, only while the preference still has the token's version. Idempotent
   * (RFC 8058 one-click): a list that is off already answers success and changes nothing, whatever
   * turned it off; a link superseded by a later re-subscribe changes nothing and says so.
   */
  async apply(token: string, now = new Date()): Promise<UnsubscribeStatus> {
    const { uid, list, version } = this.claims(token, now);
    let current = await this.current(uid, list);
    if (current.on && current.version === version) {
      if (await this.mail.unsubscribe(uid, list, version)) return { list, unsubscribed: true };
      // Changed between the read and the write: judge by what is there now.
      current = await this.current(uid, list);
    }
    if (!current.on) return { list, unsubscribed: true };
    throw superseded();
  }

  private async current(uid: string, list: UnsubscribeStatus['list']): Promise<ListPreference> {
    const current = await this.mail.listPreference(uid, list);
    if (!current) throw new ApiException(404, MESSAGES.unsubscribeUserUnknown);
    return current;
  }
}

const superseded = () => new ApiException(410, MESSAGES.unsubscribeTokenSuperseded);
