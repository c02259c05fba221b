import { ACCOUNT_KEYS, authStore } from '@medora/shared';
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

/** The keys live in @medora/shared's one list, which the sign-out clears (issue 13 §6). */
export const draftKey = ACCOUNT_KEYS.intakeDraft;

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
  // Written only for the account signed in now: a save racing a sign-out must not leave a draft behind.
  if (authStore.getState().user?.uid !== uid) return;
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
