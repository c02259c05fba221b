import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { queryOptions } from '@tanstack/react-query';
import { api, formatMessage } from '@medora/shared';
import { draftKeys } from '@medora/shared/query';
import type { IntakeDraft } from '@medora/shared/intake';

/**
 * The unsent intake is kept on the server per account, never in the browser's storage:
 * a reload or another device continues where the patient stopped, and a shared device keeps nothing.
 */

/** Debounce of a draft save after the last change. */
export const DRAFT_DEBOUNCE_MS = 800;

/** The account's draft (`draft: null` when there is none). */
export const draftQuery = (uid: string | null) =>
  queryOptions({
    queryKey: draftKeys.detail(uid ?? ''),
    queryFn: () => api.getDraft(uid!),
    enabled: uid !== null,
  });

export type DraftStatus =
  { state: 'idle' } | { state: 'saving' } | { state: 'saved' } | { state: 'error'; message: string };

export interface DraftSaver {
  status: DraftStatus;
  /** The draft as it is now; saved DRAFT_DEBOUNCE_MS after the last call (the first after `reset` is the baseline). */
  schedule: (draft: IntakeDraft) => void;
  /** The next `schedule` is where the patient starts (a restored draft, a fresh mode): nothing to save. */
  reset: () => void;
  /** Drops a save not yet sent. */
  cancel: () => void;
  /** Resolves once the save on its way (if any) has been answered. */
  settle: () => Promise<void>;
  /** The intake was submitted (the server removed the draft): no more saves. */
  submitted: () => void;
  /** The patient left this mode: the server's draft goes. */
  discard: () => void;
}

/** Debounced draft saves of `uid`, flushed when the page is hidden or the intake unmounts. */
export function useDraftSaver(uid: string | null): DraftSaver {
  const [status, setStatus] = useState<DraftStatus>({ state: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<IntakeDraft | null>(null);
  const inflight = useRef<Promise<void>>(Promise.resolve());
  const lastSaved = useRef<string | null>(null);
  const baselineNext = useRef(true);
  const closed = useRef(false);

  const clearTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  /** Sends the pending draft now; `keepalive` when the page is going away (reload, close, hidden). */
  const flush = useCallback(
    (keepalive = false) => {
      clearTimer();
      const draft = pending.current;
      pending.current = null;
      if (!uid || !draft || closed.current) return;
      const json = JSON.stringify(draft);
      inflight.current = inflight.current
        .then(() => api.saveDraft(uid, draft, { keepalive }))
        .then(
          () => {
            lastSaved.current = json;
            if (!pending.current && !closed.current) setStatus({ state: 'saved' });
          },
          (e: unknown) => {
            if (!closed.current)
              setStatus({
                state: 'error',
                message: formatMessage('draftSaveFailed', {
                  message: e instanceof Error ? e.message : String(e),
                }),
              });
          },
        );
    },
    [uid],
  );

  const schedule = useCallback(
    (draft: IntakeDraft) => {
      if (closed.current) return;
      const json = JSON.stringify(draft);
      if (baselineNext.current) {
        baselineNext.current = false;
        lastSaved.current = json;
        return;
      }
      if (json === lastSaved.current) return;
      pending.current = draft;
      setStatus({ state: 'saving' });
      clearTimer();
      timer.current = setTimeout(() => flush(), DRAFT_DEBOUNCE_MS);
    },
    [flush],
  );

  // On leaving: the page hidden (another tab, closing, reloading) or the intake unmounted.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush(true);
    };
    const onPageHide = () => flush(true);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      flush();
    };
  }, [flush]);

  const reset = useCallback(() => {
    baselineNext.current = true;
  }, []);
  const cancel = useCallback(() => {
    clearTimer();
    pending.current = null;
  }, []);
  const settle = useCallback(() => inflight.current, []);
  const submitted = useCallback(() => {
    closed.current = true;
    clearTimer();
    pending.current = null;
    setStatus({ state: 'idle' });
  }, []);
  const discard = useCallback(() => {
    clearTimer();
    pending.current = null;
    lastSaved.current = null;
    baselineNext.current = true;
    setStatus({ state: 'idle' });
    if (uid) inflight.current = inflight.current.then(() => api.deleteDraft(uid)).catch(() => undefined);
  }, [uid]);

  return useMemo(
    () => ({ status, schedule, reset, cancel, settle, submitted, discard }),
    [status, schedule, reset, cancel, settle, submitted, discard],
  );
}
