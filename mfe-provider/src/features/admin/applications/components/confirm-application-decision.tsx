import {
  MESSAGES,
  SUSPENSION_REASON_MAX_LENGTH,
  formatMessage,
  hasWeeklyHours,
  type DoctorApplication,
} from '@medora/shared';
import { ConfirmDecisionDialog } from '@medora/shared/ui';
import { CONFIRMS, type Confirmable } from '../model/application';

/**
 * Asks before an approval, a re-opening, a suspension (with a required reason) or a reinstatement;
 * approving a doctor without weekly hours says they cannot be booked yet.
 */
export function ConfirmApplicationDecision({
  kind,
  app,
  onCancel,
  onConfirm,
}: {
  kind: Confirmable;
  app: DoctorApplication;
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const confirm = CONFIRMS[kind];
  return (
    <ConfirmDecisionDialog
      title={formatMessage(confirm.title, { name: app.name })}
      message={formatMessage(
        kind === 'approve' && !hasWeeklyHours(app.schedule) ? 'adminApproveMessageNoHours' : confirm.message,
        { name: app.name },
      )}
      confirmLabel={confirm.confirm}
      busyLabel={confirm.busy}
      reason={
        confirm.reason
          ? {
              label: MESSAGES.adminSuspendReasonLabel,
              required: MESSAGES.suspensionReasonRequired,
              maxLength: SUSPENSION_REASON_MAX_LENGTH,
            }
          : undefined
      }
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
