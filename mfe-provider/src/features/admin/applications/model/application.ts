import {
  APPLICATION_QUEUES,
  MESSAGES,
  formatDateTime,
  formatMessage,
  hasWeeklyHours,
  type ApplicationQueue,
  type ApplicationSort,
  type DoctorApplication,
  type MessageKey,
} from '@medora/shared';
import type { Decision } from '../api/use-decision';

export const QUEUES: Record<ApplicationQueue, { label: string; empty: string }> = {
  pending: { label: MESSAGES.adminQueuePending, empty: MESSAGES.adminQueueEmptyPending },
  approved: { label: MESSAGES.adminQueueApproved, empty: MESSAGES.adminQueueEmptyApproved },
  rejected: { label: MESSAGES.adminQueueRejected, empty: MESSAGES.adminQueueEmptyRejected },
  suspended: { label: MESSAGES.adminQueueSuspended, empty: MESSAGES.adminQueueEmptySuspended },
};

/** The queues' tab labels, in the queues' order. */
export const QUEUE_LABELS = Object.fromEntries(APPLICATION_QUEUES.map((q) => [q, QUEUES[q].label])) as Record<
  ApplicationQueue,
  string
>;

export const SORTS: Record<ApplicationSort, string> = {
  oldest: MESSAGES.adminSortOldest,
  newest: MESSAGES.adminSortNewest,
};

const APPLICANT_ROLES = { doctor: MESSAGES.adminApplicantDoctor, provider: MESSAGES.adminApplicantProvider };

/** The decisions asked for in the confirmation dialog (a rejection has its own reason dialog). */
export type Confirmable = Exclude<Decision['kind'], 'reject'>;
export const CONFIRMS: Record<
  Confirmable,
  { title: MessageKey; message: MessageKey; confirm: string; busy: string; reason?: boolean }
> = {
  approve: {
    title: 'adminApproveTitle',
    message: 'adminApproveMessage',
    confirm: MESSAGES.adminApproveConfirm,
    busy: MESSAGES.adminApproving,
  },
  reopen: {
    title: 'adminReopenTitle',
    message: 'adminReopenMessage',
    confirm: MESSAGES.adminReopenConfirm,
    busy: MESSAGES.adminReopening,
  },
  suspend: {
    title: 'adminSuspendTitle',
    message: 'adminSuspendMessage',
    confirm: MESSAGES.adminSuspendConfirm,
    busy: MESSAGES.adminSuspending,
    reason: true,
  },
  reinstate: {
    title: 'adminReinstateTitle',
    message: 'adminReinstateMessage',
    confirm: MESSAGES.adminReinstateConfirm,
    busy: MESSAGES.adminReinstating,
  },
};

/** The toast of a decision that went through. */
export function doneMessage(decision: Decision): string {
  const name = decision.app.name;
  const key = {
    approve: hasWeeklyHours(decision.app.schedule) ? 'adminApproved' : 'adminApprovedNoHours',
    reject: 'adminRejected',
    reopen: 'adminReopened',
    suspend: 'adminSuspended',
    reinstate: 'adminReinstated',
  } as const satisfies Record<Decision['kind'], MessageKey>;
  return formatMessage(key[decision.kind], { name });
}

/** The application's facts as label / value pairs, in the order the admin reviews them. */
export function facts(app: DoctorApplication): [string, string][] {
  const address = [
    app.clinicAddress?.street,
    app.clinicAddress?.city,
    app.clinicAddress?.state,
    app.clinicAddress?.zipCode,
  ].filter(Boolean);
  const consultation = formatMessage('adminConsultation', {
    fee: app.consultationFee,
    minutes: app.consultationDuration,
    languages: app.languages.join(', '),
  });
  const rows: [string, string][] = [
    ...(app.applicantRole
      ? [[MESSAGES.adminFactAppliesAs, APPLICANT_ROLES[app.applicantRole]] as [string, string]]
      : []),
    [
      MESSAGES.adminFactSpecialty,
      app.specialty + (app.subSpecialties.length ? ` (${app.subSpecialties.join(', ')})` : ''),
    ],
    [
      MESSAGES.adminFactQualification,
      formatMessage('adminQualification', {
        qualification: app.qualification ?? '',
        years: app.experience ?? '',
      }),
    ],
    [MESSAGES.adminFactLicense, (app.licenseNumber ?? '') + (app.npiNumber ? ` / ${app.npiNumber}` : '')],
    [MESSAGES.adminFactClinic, `${app.clinic}, ${address.join(', ')}`],
    [
      MESSAGES.adminFactConsultation,
      consultation + (app.acceptingNewPatients ? ` · ${MESSAGES.adminAcceptingNewPatients}` : ''),
    ],
  ];
  if (app.suspension) {
    rows.push([
      MESSAGES.adminFactSuspended,
      formatMessage('adminSuspensionValue', {
        date: formatDateTime(app.suspension.at, null),
        reason: app.suspension.reason,
      }),
    ]);
  }
  return app.bio ? [...rows, [MESSAGES.adminFactBio, app.bio]] : rows;
}
