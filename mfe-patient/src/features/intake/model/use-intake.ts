import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { doctorKeys, documentKeys, patientKeys, visitKeys } from '@medora/shared/query';
import {
  ACCOUNT_KEYS,
  api,
  formatMessage,
  MESSAGES,
  notify,
  writeAccountFlag,
  type CrisisInfo,
} from '@medora/shared';
import {
  buildSteps,
  choiceOfMode,
  firstPosition,
  firstStepOf,
  modeOfChoice,
  nextPosition,
  nextWhileEditing,
  previousPosition,
  profileFacts,
  progressOf,
  pruneAnswers,
  startReturning,
  stepIndex,
  validateAnswer,
  type AnswerValue,
  type EditableSection,
  type IntakeAnswers,
  type IntakeContext,
  type IntakeProgress,
  type IntakeDraft,
  type IntakeMode,
  type IntakePosition,
  type ReturningChoice,
  type Step,
} from '@medora/shared/intake';
import { profileQuery } from '../../../api/profile';
import { draftQuery, useDraftSaver, type DraftStatus } from './draft';

export type IntakeScreen = 'loading' | 'welcome' | 'question' | 'review' | 'upload' | 'done';

/** Redirect delay after a successful save (800 ms). */
export const REDIRECT_MS = 800;

export interface IntakeState {
  screen: IntakeScreen;
  answers: IntakeAnswers;
  step: Step | undefined;
  progress: IntakeProgress;
  error: string | null;
  saveError: string | null;
  submitting: boolean;
  canGoBack: boolean;
  /** Changes on every move, so the page can move focus to the new heading. */
  moveCount: number;
  /** A returning patient's mode, null for a first intake or on the welcome choice. */
  mode: IntakeMode | null;
  /** Whether this patient has a record (and so a welcome choice to go back to). */
  returning: boolean;
  /** The review section being edited (Next after its last question returns to the review). */
  editing: EditableSection | null;
  /** The server draft's state, for the discreet Saved / Saving… line. */
  draftStatus: DraftStatus;
  /** The review sections with a question asked in this flow (they get an Edit link). */
  editable: EditableSection[];
  /**
   * Where to get help now, when the submission disclosed self-harm or suicide intent: the thank-you
   * screen shows it and stays until the patient continues (no automatic redirect).
   */
  crisis: CrisisInfo | null;
}

/** The position a draft names, or the first step when its question is no longer asked. */
function restoredPosition(draft: IntakeDraft, answers: IntakeAnswers, ctx: IntakeContext): IntakePosition {
  if (draft.screen !== 'question') return { screen: draft.screen };
  const steps = buildSteps(answers, ctx);
  return draft.key && stepIndex(steps, { screen: 'question', key: draft.key }) >= 0
    ? { screen: 'question', key: draft.key }
    : firstPosition(answers, ctx);
}

/**
 * The intake's state machine on top of the pure engine (`@medora/shared` intake): visitor lookup,
 * welcome-back choice and mode (in the URL, `urlMode`), steps, validation, Edit from the review, the
 * draft kept on the server, save. No rendering here.
 */
export function useIntake(
  uid: string | null,
  onDone: () => void,
  urlMode: IntakeMode | null = null,
  setUrlMode: (mode: IntakeMode | null) => void = () => {},
) {
  const queryClient = useQueryClient();
  const [screen, setScreen] = useState<IntakeScreen>('loading');
  const [answers, setAnswers] = useState<IntakeAnswers>({});
  const [previous, setPrevious] = useState<IntakeAnswers | null>(null);
  const [returningChoice, setReturningChoice] = useState<ReturningChoice | undefined>();
  const [position, setPosition] = useState<IntakePosition>({ screen: 'question', key: 'name' });
  const [error, setError] = useState<string | null>(null);
  const [moveCount, setMoveCount] = useState(0);
  const [crisis, setCrisis] = useState<CrisisInfo | null>(null);
  const [editing, setEditing] = useState<EditableSection | null>(null);
  const today = useRef(new Date()).current;
  const ctx: IntakeContext = useMemo(() => ({ returningChoice, today }), [returningChoice, today]);
  const mode = returningChoice ? modeOfChoice(returningChoice) : null;

  // Visitor state: checking, new, or returning, and the draft kept on the server. Both are
  // fetched anew on every visit and only while the intake is loading: once it has started, no observer
  // is left to refetch what the save removes from the cache.
  const loading = uid !== null && screen === 'loading';
  const lookupOptions = { ...profileQuery(uid), refetchOnMount: 'always' as const };
  const draftOptions = { ...draftQuery(uid), refetchOnMount: 'always' as const };
  const lookupQueries: (typeof lookupOptions)[] = loading ? [lookupOptions] : [];
  const draftQueries: (typeof draftOptions)[] = loading ? [draftOptions] : [];
  const [lookup] = useQueries({ queries: lookupQueries });
  const [draftLookup] = useQueries({ queries: draftQueries });
  const settled =
    lookup !== undefined &&
    lookup.isFetchedAfterMount &&
    !lookup.isFetching &&
    draftLookup !== undefined &&
    draftLookup.isFetchedAfterMount &&
    !draftLookup.isFetching;
  const found = lookup?.data ?? null;
  const lookupError = lookup?.error ?? null;
  const serverDraft = draftLookup?.data?.draft ?? null;

  const saver = useDraftSaver(uid);
  const { reset } = saver;

  const moveTo = useCallback((p: IntakePosition) => {
    setPosition(p);
    setScreen(p.screen);
    setError(null);
    setMoveCount((n) => n + 1);
  }, []);

  /** Starts a returning patient's mode from their profile's stable facts (never a visit's answers). */
  const startMode = useCallback(
    (choice: ReturningChoice, from: IntakeAnswers | null) => {
      const start = startReturning(profileFacts(from ?? {}), choice);
      reset();
      setAnswers(start);
      setReturningChoice(choice);
      setEditing(null);
      moveTo(firstPosition(start, { returningChoice: choice, today }));
    },
    [today, moveTo, reset],
  );

  // Once per account: StrictMode's second effect run must not restore (and announce) the draft twice.
  const startedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!uid || !settled || startedFor.current === uid) return;
    startedFor.current = uid;
    // A lookup error other than 404 means new, like a 404 (fetchProfile turns that into null).
    if (lookupError) console.warn('Patient lookup failed', lookupError);
    const prior = found?.data ?? null;
    setPrevious(prior);
    const draftMode = serverDraft && serverDraft.mode !== 'new' ? serverDraft.mode : null;
    // A draft is restored where it belongs: a first intake's for a new patient, a returning patient's
    // when the URL names its mode or none (then the URL takes the draft's mode).
    const restorable =
      serverDraft && (found ? draftMode !== null && (urlMode === null || urlMode === draftMode) : !draftMode);
    if (serverDraft && restorable) {
      const choice = draftMode ? choiceOfMode(draftMode) : undefined;
      const restoredCtx = { returningChoice: choice, today };
      notify.info(MESSAGES.draftRestored);
      setAnswers(serverDraft.answers);
      setReturningChoice(choice);
      if (draftMode && urlMode !== draftMode) setUrlMode(draftMode);
      const p = restoredPosition(serverDraft, serverDraft.answers, restoredCtx);
      setPosition(p);
      setScreen(p.screen);
    } else if (found && urlMode) {
      startMode(choiceOfMode(urlMode), prior);
    } else if (found) {
      setScreen('welcome');
    } else {
      if (urlMode) setUrlMode(null);
      setPosition(firstPosition({}, { today }));
      setScreen('question');
    }
    setMoveCount((n) => n + 1);
  }, [uid, settled, found, lookupError, serverDraft, urlMode, setUrlMode, startMode, today]);

  // The answers of a mode left for the welcome choice, by mode: choosing it again resumes them.
  const leftModes = useRef(new Map<IntakeMode, { answers: IntakeAnswers; position: IntakePosition }>());

  /** A mode chosen (again): where the patient left it in this visit of the page, or its start. */
  const resumeOrStart = useCallback(
    (choice: ReturningChoice) => {
      const left = leftModes.current.get(modeOfChoice(choice));
      if (!left) {
        startMode(choice, previous);
        return;
      }
      setAnswers(left.answers);
      setReturningChoice(choice);
      setEditing(null);
      moveTo(left.position);
    },
    [previous, startMode, moveTo],
  );

  // The URL's mode after the start (browser Back / Forward, a link): the welcome choice or that mode.
  useEffect(() => {
    if (startedFor.current !== uid || screen === 'loading' || screen === 'done' || previous === null) return;
    if (urlMode === mode) return;
    if (urlMode === null) {
      if (mode) leftModes.current.set(mode, { answers, position });
      setReturningChoice(undefined);
      setEditing(null);
      setScreen('welcome');
      setError(null);
      setMoveCount((n) => n + 1);
    } else {
      resumeOrStart(choiceOfMode(urlMode));
    }
    // Only a change of the URL's mode moves the patient.
  }, [urlMode]);

  // The draft follows every answer and move (debounced) until the intake is submitted.
  const { schedule } = saver;
  useEffect(() => {
    if (!uid || (screen !== 'question' && screen !== 'review' && screen !== 'upload')) return;
    schedule({
      mode: mode ?? 'new',
      screen,
      ...(position.screen === 'question' ? { key: position.key } : {}),
      answers,
    });
  }, [uid, answers, screen, position, mode, schedule]);

  const steps = useMemo(() => buildSteps(answers, ctx), [answers, ctx]);
  const step = position.screen === 'question' ? steps[stepIndex(steps, position)] : undefined;

  const chooseVisit = useCallback(
    (choice: ReturningChoice) => {
      setUrlMode(modeOfChoice(choice));
      resumeOrStart(choice);
    },
    [setUrlMode, resumeOrStart],
  );

  /**
   * Back to the welcome choice (at any point). The server draft goes (it names one mode); this mode's
   * answers stay on the page, so choosing it again resumes where the patient was.
   */
  const backToChoice = useCallback(() => {
    if (mode) leftModes.current.set(mode, { answers, position });
    saver.discard();
    setReturningChoice(undefined);
    setEditing(null);
    setUrlMode(null);
    setScreen('welcome');
    setError(null);
    setMoveCount((n) => n + 1);
  }, [saver, setUrlMode, mode, answers, position]);

  const setAnswer = useCallback((field: string, value: AnswerValue | undefined) => {
    setAnswers((a) => ({ ...a, [field]: value }));
    setError(null);
  }, []);

  /** Validates the current question; false (with the message shown) when it is not answered right. */
  const checkStep = useCallback((): boolean => {
    if (position.screen !== 'question' || !step) return true;
    const check = validateAnswer(step.question, answers[step.question.field], today);
    if (!check.ok) setError(check.message);
    return check.ok;
  }, [position, step, answers, today]);

  const next = useCallback(() => {
    try {
      if (position.screen === 'question') {
        if (!step) return moveTo(firstPosition(answers, ctx));
        if (!checkStep()) return;
        if (editing) {
          const target = nextWhileEditing(editing, step.key, buildSteps(answers, ctx));
          if (target.screen === 'review') setEditing(null);
          return moveTo(target);
        }
      }
      moveTo(nextPosition(position, answers, ctx));
    } catch (e) {
      setError(formatMessage('stepError', { message: e instanceof Error ? e.message : String(e) }));
    }
  }, [position, step, answers, ctx, editing, checkStep, moveTo]);

  const back = useCallback(() => {
    const prev = previousPosition(position, answers, ctx);
    if (prev) moveTo(prev);
  }, [position, answers, ctx, moveTo]);

  /** The review's Edit link: the section's first question; Next after its last one returns here. */
  const editSection = useCallback(
    (section: EditableSection) => {
      const first = firstStepOf(section, buildSteps(answers, ctx));
      if (!first) return;
      setEditing(section);
      moveTo({ screen: 'question', key: first.key });
    },
    [answers, ctx, moveTo],
  );

  const backToReview = useCallback(() => {
    if (!checkStep()) return;
    setEditing(null);
    moveTo({ screen: 'review' });
  }, [checkStep, moveTo]);

  const save = useMutation({
    mutationFn: async (data: IntakeAnswers) => {
      // A draft save still on its way must not land after the submission removed the draft.
      await saver.settle();
      return api.savePatient({ uid: uid!, data, kind: mode ?? 'visit' });
    },
    onSuccess: (saved) => {
      writeAccountFlag(ACCOUNT_KEYS.profileCompleted(uid!));
      saver.submitted();
      // The dashboard must not show a cached profile from before (or a cached 404): it loads anew.
      // The visits, the uploads and the chronic conditions (which filter the bookable doctors) changed too.
      queryClient.removeQueries({ queryKey: patientKeys.detail(uid!) });
      void queryClient.invalidateQueries({ queryKey: visitKeys.all(uid!) });
      void queryClient.invalidateQueries({ queryKey: documentKeys.list(uid!) });
      void queryClient.invalidateQueries({ queryKey: doctorKeys.all });
      setScreen('done');
      setMoveCount((n) => n + 1);
      if (saved.crisis) setCrisis(saved.crisis);
      else setTimeout(onDone, REDIRECT_MS);
    },
  });
  const submitting = save.isPending;
  // 'Error saving data: …', the patient stays on the form with every answer.
  const saveError = save.error ? formatMessage('intakeSaveFailed', { message: save.error.message }) : null;

  const submit = useCallback(() => {
    if (!uid || save.isPending) return;
    saver.cancel();
    save.mutate({ ...pruneAnswers(answers, today), uploadedAt: new Date().toISOString() });
  }, [uid, save, saver, answers, today]);

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
    mode,
    returning: previous !== null,
    editing,
    draftStatus: saver.status,
    editable: (['personal', 'history', 'symptoms'] as const).filter((sec) => firstStepOf(sec, steps)),
    crisis,
  };
  return {
    state,
    chooseVisit,
    backToChoice,
    setAnswer,
    next,
    back,
    submit,
    editSection,
    backToReview,
    today,
  };
}
