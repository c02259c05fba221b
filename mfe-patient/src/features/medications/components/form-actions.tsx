import { MESSAGES } from '@medora/shared';
import common from '../../../components/patient.module.css';
import { ModalActions } from '@medora/shared/ui';

/** Cancel and Save at the foot of a medicine's form (the add/edit form and the reminder). */
export function FormActions({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <ModalActions>
      <button type="button" className={`md-button ${common.buttonSecondary}`} onClick={onCancel}>
        {MESSAGES.medsFormCancel}
      </button>
      <button type="submit" className="md-button md-primary" disabled={busy}>
        {busy ? MESSAGES.medsSaving : MESSAGES.medsFormSave}
      </button>
    </ModalActions>
  );
}
