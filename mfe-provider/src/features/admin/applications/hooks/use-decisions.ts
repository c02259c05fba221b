import { useEffect, useRef, useState, type RefObject } from 'react';
import { ApiError, notify, type DoctorApplication } from '@medora/shared';
import { useDecision, type Decision } from '../api/use-decision';
import { doneMessage } from '../model/application';

/**
 * Runs the admin's decisions on the applications shown. Each runs once on the version shown, however
 * often a button is pressed. A 409 (changed since, or already decided) is kept on the card and the
 * queue reloads, so the admin reviews the current version before deciding again; any other failure is
 * thrown to the dialog that asked, which shows it.
 *
 * After a decision its card leaves the tab and the button that had the focus with it: once no dialog
 * is open and the queue has reloaded (`settled`), the focus goes to the card that takes its place, or
 * to the queue's heading when none does (not to the page body).
 */
export function useDecisions({
  items,
  settled,
  cardsRef,
  headingRef,
}: {
  items: DoctorApplication[] | null;
  settled: boolean;
  cardsRef: RefObject<HTMLElement | null>;
  headingRef: RefObject<HTMLElement | null>;
}) {
  const decision = useDecision();
  const [refocus, setRefocus] = useState<{ id: string; index: number } | null>(null);
  /** The 409 of a decision, shown on the application it was about. */
  const [conflicts, setConflicts] = useState<Record<string, { name: string; message: string }>>({});
  /** Applications with a decision on its way: one request each. */
  const inFlight = useRef(new Set<string>());
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const setBusy = (id: string, busy: boolean) => {
    if (busy) inFlight.current.add(id);
    else inFlight.current.delete(id);
    setBusyIds(new Set(inFlight.current));
  };

  const decide = async (d: Decision): Promise<void> => {
    const id = d.app.id;
    if (inFlight.current.has(id)) return;
    setBusy(id, true);
    try {
      await decision.mutateAsync(d);
      setRefocus({ id, index: Math.max(0, items?.findIndex((app) => app.id === id) ?? 0) });
      setConflicts(({ [id]: _, ...rest }) => rest);
      notify.success(doneMessage(d));
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setConflicts((c) => ({ ...c, [id]: { name: d.app.name, message: err.message } }));
        return;
      }
      throw err;
    } finally {
      setBusy(id, false);
    }
  };

  useEffect(() => {
    if (!refocus || !settled || !items) return;
    if (items.some((app) => app.id === refocus.id)) return;
    const cards = cardsRef.current?.querySelectorAll<HTMLElement>(':scope > article') ?? [];
    (cards[Math.min(refocus.index, cards.length - 1)] ?? headingRef.current)?.focus();
    setRefocus(null);
  }, [refocus, settled, items, cardsRef, headingRef]);

  return { decide, conflicts, busyIds };
}
