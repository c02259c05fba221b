import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { doctorKeys, documentKeys, patientKeys } from '@medora/shared/query';
import { ACCOUNT_KEYS, api, formatMessage, MESSAGES, notify, writeAccountFlag } from '@medora/shared';
import {
  buildSteps,
  firstPosition,
  nextPosition,
  previousPosition,
  progressOf,
  pruneAnswers,
  startReturning,
  stepIndex,
  validateAnswer,
  type AnswerValue,
  type IntakeAnswers,
  type IntakeContext,
  type IntakePosition,
  type ReturningChoice,
  type Step,
} from '@medora/shared/intake';
import { profileQuery } from '../../../api/profile';
import { clearDraft, loadDraft, saveDraft } from './draft';

export type IntakeScreen = 'loading' | 'welcome' | 'question' | 'review' | 'upload' | 'done';

/** Redirect delay after a successful save (spec §4, §9: 800 ms). */
export const REDIRECT_MS = 800;

export interface IntakeState {
  screen: IntakeScreen;
  answers: IntakeAnswers;
  step: Step | undefined;
  progress: { current: number; total: number; percent: number };
  error: string | null;
  saveError: string | null;
  submitting: boolean;
  canGoBack: boolean;
  /** Changes on every move, so the page can move focus to the new heading. */
  moveCount: number;
}

/**
 * The intake's state machine on top of the pure engine (`@medora/shared` intake): visitor lookup,
 * welcome-back choice, steps, validation, draft per user, save. No rendering here.
 */
export function useIntake(uid: string | null, onDone: () => void) {
  const queryClient = useQueryClient();
  const [screen, setScreen] = useState<IntakeScreen>('loading');
  const [answers, setAnswers] = useState<IntakeAnswers>({});
  const [previous, setPrevious] = useState<IntakeAnswers | null>(null);
  const [returningChoice, setReturningChoice] = useState<ReturningChoice | undefined>();
  const [position, setPosition] = useState<IntakePosition>({ screen: 'question', key: 'name' });
  const [error, setError] = useState<string | null>(null);
  const [moveCount, setMoveCount] = useState(0);
  const today = useRef(new Date()).current;
  const ctx: IntakeContext = useMemo(() => ({ returningChoice, today }), [returningChoice, today]);

  // Visitor state: checking, new, or returning (spec §4). The profile is fetched anew on every visit
  // (a cached one may be from before a save) and only while the intake is loading: once it has
  // started, no observer is left to refetch the profile the save removes from the cache.
  const lookupOptions = { ...profileQuery(uid), refetchOnMount: 'always' as const };
  const lookupQueries: (typeof lookupOptions)[] = uid && screen === 'loading' ? [lookupOptions] : [];
  const [lookup] = useQueries({ queries: lookupQueries });
  const settled = lookup !== undefined && lookup.isFetchedAfterMount && !lookup.isFetching;
  const found = lookup?.data ?? null;
  const lookupError = lookup?.error ?? null;
  // Once per account: StrictMode's second effect run must not restore (and announce) the draft twice.
  const startedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!uid || !settled || startedFor.current === uid) return;
    startedFor.current = uid;
    // A lookup error other than 404 means new, like a 404 (fetchProfile turns that into null).
    if (lookupError) console.warn('Patient lookup failed', lookupError);
    setPrevious(found?.data ?? null);
    const draft = loadDraft(uid);
    if (draft) {
      notify.info(MESSAGES.draftRestored);
      setAnswers(draft.answers);
      setReturningChoice(draft.returningChoice);
      setPosition(draft.position);
      setScreen(draft.screen);
    } else if (found) {
      setScreen('welcome');
    } else {
      setPosition(firstPosition({}, { today }));
      setScreen('question');
    }
    setMoveCount((n) => n + 1);
  }, [uid, settled, found, lookupError, today]);

  // Keep a draft of every answer until the intake is submitted.
  useEffect(() => {
    if (!uid || (screen !== 'question' && screen !== 'review' && screen !== 'upload')) return;
    saveDraft(uid, { answers, screen, position, returningChoice });
  }, [uid, answers, screen, position, returningChoice]);

  const steps = useMemo(() => buildSteps(answers, ctx), [answers, ctx]);
  const step = position.screen === 'question' ? steps[stepIndex(steps, position)] : undefined;

  const moveTo = useCallback((p: IntakePosition) => {
    setPosition(p);
    setScreen(p.screen);
    setError(null);
    setMoveCount((n) => n + 1);
  }, []);

  const chooseVisit = useCallback(
    (choice: ReturningChoice) => {
      const start = startReturning(previous ?? {}, choice);
      setAnswers(start);
      setReturningChoice(choice);
      moveTo(firstPosition(start, { returningChoice: choice, today }));
    },
    [previous, today, moveTo],
  );

  const setAnswer = useCallback((field: string, value: AnswerValue | undefined) => {
    setAnswers((a) => ({ ...a, [field]: value }));
    setError(null);
  }, []);

  const next = useCallback(() => {
    try {
      if (position.screen === 'question') {
        if (!step) return moveTo(firstPosition(answers, ctx));
        const check = validateAnswer(step.question, answers[step.question.field], today);
        if (!check.ok) {
          setError(check.message);
          return;
        }
      }
      moveTo(nextPosition(position, answers, ctx));
    } catch (e) {
      setError(formatMessage('stepError', { message: e instanceof Error ? e.message : String(e) }));
    }
  }, [position, step, answers, ctx, today, moveTo]);

  const back = useCallback(() => {
    const prev = previousPosition(position, answers, ctx);
    if (prev) moveTo(prev);
  }, [position, answers, ctx, moveTo]);

  const save = useMutation({
    mutationFn: (data: IntakeAnswers) => api.savePatient({ uid: uid!, data }),
    onSuccess: () => {
      writeAccountFlag(ACCOUNT_KEYS.profileCompleted(uid!));
      clearDraft(uid!);
      // The dashboard must not show a cached profile from before (or a cached 404): it loads anew.
      // The uploads and the chronic conditions (which filter the bookable doctors) changed too.
      queryClient.removeQueries({ queryKey: patientKeys.detail(uid!) });
      void queryClient.invalidateQueries({ queryKey: documentKeys.list(uid!) });
      void queryClient.invalidateQueries({ queryKey: doctorKeys.all });
      setScreen('done');
      setMoveCount((n) => n + 1);
      setTimeout(onDone, REDIRECT_MS);
    },
  });
  const submitting = save.isPending;
  // Spec §8: 'Error saving data: …', the patient stays on the form with every answer.
  const saveError = save.error ? formatMessage('intakeSaveFailed', { message: save.error.message }) : null;

  const submit = useCallback(() => {
    if (!uid || save.isPending) return;
    save.mutate({ ...pruneAnswers(answers, today), uploadedAt: new Date().toISOString() });
  }, [uid, save, answers, today]);

  const state: IntakeState = {
    screen,
    answers,
    step,
    progress: progressOf(position, answers, ctx),
    error,
    saveError,
    submitting,
    canGoBack: previousPosition(position, answers, ctx) !== null,
    moveCount,
  };
  return { state, chooseVisit, setAnswer, next, back, submit, today };
}
