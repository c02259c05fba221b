import { InitialSchema1767225600000 } from './1767225600000-initial-schema.js';
import { NotificationReads1767312000000 } from './1767312000000-notification-reads.js';
import { Appointments1767484800000 } from './1767484800000-appointments.js';
import { PatientProfilesDocuments1767571200000 } from './1767571200000-patient-profiles-documents.js';
import { AuditLog1767657600000 } from './1767657600000-audit-log.js';
import { DoctorApplications1767744000000 } from './1767744000000-doctor-applications.js';
import { AuditClient1767916800000 } from './1767916800000-audit-client.js';
import { AppRole1767916900000 } from './1767916900000-app-role.js';
import { AppointmentClosing1768003200000 } from './1768003200000-appointment-closing.js';
import { ApplicationVersions1767830400000 } from './1767830400000-application-versions.js';
import { ServerDerivedUrls1768089600000 } from './1768089600000-server-derived-urls.js';
import { PatientVisits1768176000000 } from './1768176000000-patient-visits.js';
import { AccountSettings1768348800000 } from './1768348800000-account-settings.js';
import { AppointmentReschedule1768435200000 } from './1768435200000-appointment-reschedule.js';
import { CredentialContentHash1768608000000 } from './1768608000000-credential-content-hash.js';
import { DoctorSuspension1768867200000 } from './1768867200000-doctor-suspension.js';
import { ObjectStorage1769212800000 } from './1769212800000-object-storage.js';
import { DoctorSearch1769385600000 } from './1769385600000-doctor-search.js';
import { AppointmentKeysetIndexes1769472000000 } from './1769472000000-appointment-keyset-indexes.js';
import { AdminListIndexes1769558400000 } from './1769558400000-admin-list-indexes.js';
import { AppointmentReminders1769731200000 } from './1769731200000-appointment-reminders.js';
import { UserRoleCounts1769904000000 } from './1769904000000-user-role-counts.js';
import { ApplicationQueueOpen1769904000001 } from './1769904000001-application-queue-open.js';
import { SeededQueueDoctorNames1770595200000 } from './1770595200000-seeded-queue-doctor-names.js';
import { ClinicalFlagReviews1770076800000 } from './1770076800000-clinical-flag-reviews.js';
import { AuditOutcomes1770163200000 } from './1770163200000-audit-outcomes.js';
import { BreakTheGlass1770249600000 } from './1770249600000-break-the-glass.js';
import { AuditRetentionJob1770250000000 } from './1770250000000-audit-retention-job.js';
import { UnsubscribeVersions1770336000000 } from './1770336000000-unsubscribe-versions.js';
import { NotificationEvents1770422400000 } from './1770422400000-notification-events.js';
import { Medications1770508800000 } from './1770508800000-medications.js';
import { ImportedRecordItems1770768000000 } from './1770768000000-imported-record-items.js';
import { DoctorChangeRequests1770249600001 } from './1770249600001-doctor-change-requests.js';

/** Every migration, oldest first (listed as classes: globs and ESM do not mix well). */
export const MIGRATIONS = [
  InitialSchema1767225600000,
  NotificationReads1767312000000,
  Appointments1767484800000,
  PatientProfilesDocuments1767571200000,
  AuditLog1767657600000,
  DoctorApplications1767744000000,
  ApplicationVersions1767830400000,
  AuditClient1767916800000,
  AppRole1767916900000,
  AppointmentClosing1768003200000,
  ServerDerivedUrls1768089600000,
  PatientVisits1768176000000,
  AccountSettings1768348800000,
  AppointmentReschedule1768435200000,
  CredentialContentHash1768608000000,
  DoctorSuspension1768867200000,
  ObjectStorage1769212800000,
  DoctorSearch1769385600000,
  AppointmentKeysetIndexes1769472000000,
  AdminListIndexes1769558400000,
  AppointmentReminders1769731200000,
  UserRoleCounts1769904000000,
  ApplicationQueueOpen1769904000001,
  ClinicalFlagReviews1770076800000,
  AuditOutcomes1770163200000,
  BreakTheGlass1770249600000,
  DoctorChangeRequests1770249600001,
  AuditRetentionJob1770250000000,
  UnsubscribeVersions1770336000000,
  NotificationEvents1770422400000,
  Medications1770508800000,
  SeededQueueDoctorNames1770595200000,
  ImportedRecordItems1770768000000,
];
