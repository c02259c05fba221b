import { AppointmentEntity } from '../appointments/appointment.entity.js';
import { PrescriptionFileEntity } from '../appointments/prescription-file.entity.js';
import { DoctorEntity } from '../doctors/doctor.entity.js';
import { DoctorChangeRequestEntity } from '../doctors/doctor-change-request.entity.js';
import { NotificationReadEntity } from '../notifications/notification-read.entity.js';
import { NotificationEventEntity } from '../notifications/notification-event.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { UserPreferencesEntity } from '../users/user-preferences.entity.js';
import { UserRoleCountEntity } from '../users/user-role-count.entity.js';
import { PatientProfileEntity } from '../patients/patient-profile.entity.js';
import { ImportedRecordItemEntity } from '../patients/imported-record-item.entity.js';
import { PatientDraftEntity, PatientVisitEntity } from '../patients/patient-visit.entity.js';
import { FlagReviewEntity } from '../summary/flag-review.entity.js';
import { DocumentEntity, DocumentFileEntity } from '../documents/document.entity.js';
import { AuditLogEntity } from '../audit/audit.entity.js';
import { AuditRetentionPolicyEntity } from '../audit/audit-retention-policy.entity.js';
import { AccessGrantEntity } from '../access/access-grant.entity.js';
import { CredentialEntity, CredentialFileEntity } from '../credentials/credential.entity.js';
import { AppointmentReminderEntity } from '../jobs/appointment-reminder.entity.js';
import {
  MedicationDismissalEntity,
  MedicationEntity,
  MedicationReminderSentEntity,
  MedicationReviewEntity,
} from '../medications/medication.entity.js';

/** Every entity the DataSource knows. */
export const ENTITIES = [
  UserEntity,
  DoctorEntity,
  NotificationReadEntity,
  NotificationEventEntity,
  AppointmentEntity,
  PatientProfileEntity,
  ImportedRecordItemEntity,
  DocumentEntity,
  DocumentFileEntity,
  AuditLogEntity,
  AuditRetentionPolicyEntity,
  CredentialEntity,
  CredentialFileEntity,
  PrescriptionFileEntity,
  PatientVisitEntity,
  FlagReviewEntity,
  PatientDraftEntity,
  UserPreferencesEntity,
  AppointmentReminderEntity,
  UserRoleCountEntity,
  AccessGrantEntity,
  DoctorChangeRequestEntity,
  MedicationEntity,
  MedicationDismissalEntity,
  MedicationReviewEntity,
  MedicationReminderSentEntity,
];
