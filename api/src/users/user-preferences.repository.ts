import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { NotificationPreferences } from '@medora/shared';
import { UserPreferencesEntity } from './user-preferences.entity.js';

const PREFERENCE_COLUMNS = `p.email_booking_confirmations AS "emailBookingConfirmations",
  p.email_reminders AS "emailReminders", p.reminder_lead_hours AS "reminderLeadHours",
  p.in_app_notifications AS "inAppNotifications"`;

/**
 * Notification preferences per user. Exported by UsersModule for the notifications
 * issue: a user without a row has the shared `DEFAULT_NOTIFICATION_PREFERENCES`.
 */
@Injectable()
export class UserPreferencesRepository {
  constructor(
    @InjectRepository(UserPreferencesEntity) private readonly repo: Repository<UserPreferencesEntity>,
  ) {}

  /** The saved preferences of the uid's user, or null when none were saved (or no such user). */
  async findByFirebaseUid(firebaseUid: string): Promise<NotificationPreferences | null> {
    const rows = await this.repo.query<NotificationPreferences[]>(
      `SELECT ${PREFERENCE_COLUMNS}
         FROM user_preferences p JOIN users u ON u.id = p.user_id
        WHERE u.firebase_uid = $1`,
      [firebaseUid],
    );
    return rows[0] ?? null;
  }

  /** Saves the whole set for the uid's user; returns what is stored, or null when there is no such user. */
  async save(firebaseUid: string, prefs: NotificationPreferences): Promise<NotificationPreferences | null> {
    const rows = await this.repo.query<NotificationPreferences[]>(
      `INSERT INTO user_preferences AS p
              (user_id, email_booking_confirmations, email_reminders, reminder_lead_hours, in_app_notifications)
       SELECT u.id, $2, $3, $4, $5 FROM users u WHERE u.firebase_uid = $1
       ON CONFLICT (user_id) DO UPDATE SET
         email_booking_confirmations = EXCLUDED.email_booking_confirmations,
         email_reminders = EXCLUDED.email_reminders,
         reminder_lead_hours = EXCLUDED.reminder_lead_hours,
         in_app_notifications = EXCLUDED.in_app_notifications,
         updated_at = now()
       RETURNING ${PREFERENCE_COLUMNS}`,
      [
        firebaseUid,
        prefs.emailBookingConfirmations,
        prefs.emailReminders,
        prefs.reminderLeadHours,
        prefs.inAppNotifications,
      ],
    );
    return rows[0] ?? null;
  }
}
