import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/** That a user has read one notification; notifications themselves are built from the user's data. */
@Entity({ name: 'notification_reads' })
export class NotificationReadEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ name: 'notification_id', type: 'text' })
  notificationId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_notification_reads_user' })
  user?: Relation<UserEntity>;

  @Column({ name: 'read_at', type: 'timestamptz', default: () => 'now()' })
  readAt!: Date;
}
