import { MESSAGES } from '@medora/shared';
import common from '../../../components/patient.module.css';
import dash from '../../dashboard/components/dashboard.module.css';

/** Cancel and Save at the foot of a medicine's form (the add/edit form and the reminder). */
export function FormActions({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <div className={dash.modalActions}>
      <button type="button" className={`md-button ${common.buttonSecondary}`} onClick={onCancel}>
        {MESSAGES.medsFormCancel}
      </button>
      <button type="submit" className="md-button md-primary" disabled={busy}>
        {busy ? MESSAGES.medsSaving : MESSAGES.medsFormSave}
      </button>
    </div>
  );
}
