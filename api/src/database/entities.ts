import { DoctorEntity } from '../doctors/doctor.entity.js';
import { NotificationReadEntity } from '../notifications/notification-read.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** Every entity the DataSource knows. */
export const ENTITIES = [UserEntity, DoctorEntity, NotificationReadEntity];
