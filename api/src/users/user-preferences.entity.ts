import {
  Check,
  Column,
  Entity,
  JoinColumn,
  OneToOne,
  PrimaryColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { REMINDER_LEAD_HOURS, type ReminderLeadHours } from '@medora/shared';
import { UserEntity } from './user.entity.js';

/** A user's notification preferences; no row means the shared defaults. */
@Entity({ name: 'user_preferences' })
@Check('chk_user_preferences_lead', `reminder_lead_hours IN (${REMINDER_LEAD_HOURS.join(', ')})`)
export class UserPreferencesEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'pk_user_preferences' })
  userId!: string;

  @OneToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_user_preferences_user' })
  user?: Relation<UserEntity>;

  @Column({ name: 'email_booking_confirmations', type: 'boolean' })
  emailBookingConfirmations!: boolean;

  @Column({ name: 'email_reminders', type: 'boolean' })
  emailReminders!: boolean;

  @Column({ name: 'reminder_lead_hours', type: 'integer' })
  reminderLeadHours!: ReminderLeadHours;

  @Column({ name: 'in_app_notifications', type: 'boolean' })
  inAppNotifications!: boolean;

  /**
   * Bumped by a trigger at every change of `emailReminders`; unsubscribe links name the version they
   * were made for (mail/unsubscribe-token.ts). Never written by the API.
   */
  @Column({ name: 'email_reminders_version', type: 'integer', default: 0, insert: false, update: false })
  emailRemindersVersion!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
