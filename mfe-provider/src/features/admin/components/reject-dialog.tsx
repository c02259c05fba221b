import { MESSAGES, formatMessage } from '@medora/shared';
import { ReasonDialog } from '../../../components/reason-dialog';

/** The admin's rejection: the one reason dialog, with the applicant-facing texts. */
export function RejectDialog({
  doctorName,
  onCancel,
  onConfirm,
}: {
  doctorName: string;
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  return (
    <ReasonDialog
      title={formatMessage('rejectDialogTitle', { name: doctorName })}
      label={MESSAGES.rejectReasonLabel}
      confirmLabel={MESSAGES.rejectConfirm}
      dismissLabel={MESSAGES.dialogCancel}
      requiredMessage={MESSAGES.rejectionReasonRequired}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
