import type { DataSource } from 'typeorm';
import { MESSAGES, type AppNotification } from '@medora/shared';
import type { UserEntity } from '../users/user.entity.js';

/** What a source sees: the caller's user row, the clock and the database. */
export interface NotificationSourceContext {
  user: UserEntity;
  now: Date;
  ds: DataSource;
}

/** A notification before the per-user read state is applied. */
export type SourcedNotification = Omit<AppNotification, 'read'>;

/**
 * One source = one function from the caller's own data to notifications. Ids are stable
 * (`<source>:<key>`) so read state survives rebuilding the list on every request.
 */
export type NotificationSource = (ctx: NotificationSourceContext) => Promise<SourcedNotification[]>;

/** 'system': a welcome from the moment the account was registered. */
export const welcomeSource: NotificationSource = async ({ user }) => [
  {
    id: 'system:welcome',
    type: 'system',
    title: MESSAGES.notificationWelcomeTitle,
    message: MESSAGES.notificationWelcomeBody,
    createdAt: user.createdAt.toISOString(),
  },
];

/**
 * Every source, in no particular order (the service sorts newest first). Sources still to come:
 * - 'appointment' (issue 6): the caller's appointments booked in the last 7 days, id `appointment:<id>`.
 * - 'reminder' (issue 6): the caller's upcoming appointments starting within 48 h, id `reminder:<id>`.
 * - 'document' (issue 5): the caller's documents uploaded in the last 7 days, id `document:<id>`.
 */
export const NOTIFICATION_SOURCES: NotificationSource[] = [welcomeSource];
