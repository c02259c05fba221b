import type { IntakeAnswers, IntakePosition, ReturningChoice } from '@medora/shared/intake';

/** An unfinished intake, kept per user so a reload mid-intake loses nothing. */
export interface IntakeDraft {
  version: 1;
  answers: IntakeAnswers;
  screen: 'question' | 'review' | 'upload';
  position: IntakePosition;
  returningChoice?: ReturningChoice;
  savedAt: string;
}

export const draftKey = (uid: string) => `medora.intakeDraft.${uid}`;

/** localStorage flag the dashboard reads (spec §4 Dashboard load). */
export const PROFILE_COMPLETED_KEY = 'profileCompleted';
/** localStorage flag the shell sets for a patient arriving via a doctor (spec §6). */
export const VIA_DOCTOR_KEY = 'viaDoctor';

export function loadDraft(uid: string, storage: Storage = localStorage): IntakeDraft | null {
  try {
    const raw = storage.getItem(draftKey(uid));
    if (!raw) return null;
    const draft = JSON.parse(raw) as IntakeDraft;
    if (draft?.version !== 1 || typeof draft.answers !== 'object' || !draft.position) return null;
    return draft;
  } catch {
    return null;
  }
}

export function saveDraft(
  uid: string,
  draft: Omit<IntakeDraft, 'version' | 'savedAt'>,
  storage: Storage = localStorage,
) {
  try {
    storage.setItem(
      draftKey(uid),
      JSON.stringify({ ...draft, version: 1, savedAt: new Date().toISOString() }),
    );
  } catch {
    /* storage full or disabled: the intake still works, only without a draft */
  }
}

export function clearDraft(uid: string, storage: Storage = localStorage) {
  try {
    storage.removeItem(draftKey(uid));
  } catch {
    /* ignore */
  }
}
