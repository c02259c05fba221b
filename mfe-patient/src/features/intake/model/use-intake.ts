import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { doctorKeys, documentKeys, patientKeys } from '@medora/shared/query';
import {
  ACCOUNT_KEYS,
  ApiError,
  api,
  formatMessage,
  MESSAGES,
  notify,
  writeAccountFlag,
} from '@medora/shared';
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
  const [saveError, setSaveError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [moveCount, setMoveCount] = useState(0);
  const today = useRef(new Date()).current;
  const ctx: IntakeContext = useMemo(() => ({ returningChoice, today }), [returningChoice, today]);

  // Visitor state: checking, new, or returning (spec §4); a lookup error other than 404 means new.
  useEffect(() => {
    if (!uid) return;
    let cancelled = false;
    const draft = loadDraft(uid);
    api.getPatient(uid).then(
      (res) => {
        if (cancelled) return;
        setPrevious(res.data);
        if (draft) {
          restore(draft);
        } else {
          setScreen('welcome');
        }
        setMoveCount((n) => n + 1);
      },
      (err: unknown) => {
        if (cancelled) return;
        if (!(err instanceof ApiError && err.status === 404)) console.warn('Patient lookup failed', err);
        if (draft) restore(draft);
        else {
          setPosition(firstPosition({}, { today }));
          setScreen('question');
        }
        setMoveCount((n) => n + 1);
      },
    );
    function restore(draft: NonNullable<ReturnType<typeof loadDraft>>) {
      notify.info(MESSAGES.draftRestored);
      setAnswers(draft.answers);
      setReturningChoice(draft.returningChoice);
      setPosition(draft.position);
      setScreen(draft.screen);
    }
    return () => {
      cancelled = true;
    };
  }, [uid, today]);

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

  const submit = useCallback(async () => {
    if (!uid || submitting) return;
    setSubmitting(true);
    setSaveError(null);
    try {
      const data = { ...pruneAnswers(answers, today), uploadedAt: new Date().toISOString() };
      await api.savePatient({ uid, data });
      writeAccountFlag(ACCOUNT_KEYS.profileCompleted(uid));
      clearDraft(uid);
      // The dashboard must not show a cached profile from before (or a cached 404): it loads anew.
      // The uploads and the chronic conditions (which filter the bookable doctors) changed too.
      queryClient.removeQueries({ queryKey: patientKeys.detail(uid) });
      void queryClient.invalidateQueries({ queryKey: documentKeys.list(uid) });
      void queryClient.invalidateQueries({ queryKey: doctorKeys.all });
      setScreen('done');
      setMoveCount((n) => n + 1);
      setTimeout(onDone, REDIRECT_MS);
    } catch (e) {
      // Spec §8: 'Error saving data: …', the patient stays on the form with every answer.
      setSaveError(
        formatMessage('intakeSaveFailed', { message: e instanceof Error ? e.message : String(e) }),
      );
    } finally {
      setSubmitting(false);
    }
  }, [uid, submitting, answers, today, onDone, queryClient]);

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
