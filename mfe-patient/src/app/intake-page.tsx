// The texts only this package uses (the message catalogue's patient area), before any module reads them.
import '@medora/shared/messages/patient';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from '@medora/shared/router';
import { useStore } from 'zustand';
import {
  ACCOUNT_KEYS,
  MESSAGES,
  authStore,
  formatMessage,
  readAccountFlag,
  type RemotePageProps,
} from '@medora/shared';
import { DOCUMENT_SUFFIX, INTAKE_MODE_PARAM, parseIntakeMode, type IntakeMode } from '@medora/shared/intake';
import common from '../components/patient.module.css';
import { FileUpload } from '../features/intake/components/file-upload';
import css from '../features/intake/components/intake.module.css';
import nav from '../features/intake/components/intake-nav.module.css';
import { QuestionField } from '../features/intake/components/question-field';
import { ReviewScreen } from '../features/intake/components/review-screen';
import { useIntake } from '../features/intake/model/use-intake';

const ERROR_ID = 'intake-step-error';

/** The guided intake at /form. */
export default function IntakePage(_props: RemotePageProps) {
  const uid = useStore(authStore, (s) => s.user?.uid ?? null);
  // Whose record this is, for shared devices; read from the auth store the shell keeps.
  const email = useStore(authStore, (s) => s.user?.email ?? null);
  const navigate = useNavigate();
  const onDone = useCallback(() => navigate('/dashboard'), [navigate]);
  // The mode lives in the URL (`/form?mode=profile|visit|follow-up`): a link or a reload lands there.
  const [params, setParams] = useSearchParams();
  const urlMode = parseIntakeMode(params.get(INTAKE_MODE_PARAM));
  const setUrlMode = useCallback(
    (mode: IntakeMode | null) =>
      setParams((current) => {
        const nextParams = new URLSearchParams(current);
        if (mode) nextParams.set(INTAKE_MODE_PARAM, mode);
        else nextParams.delete(INTAKE_MODE_PARAM);
        return nextParams;
      }),
    [setParams],
  );
  const {
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
  } = useIntake(uid, onDone, urlMode, setUrlMode);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const viaDoctor = uid !== null && readAccountFlag(ACCOUNT_KEYS.viaDoctor(uid));
  const { screen, answers, step, progress, error, saveError, submitting, canGoBack, moveCount } = state;
  const { returning, mode, editing, draftStatus } = state;
  const inFlow = screen === 'question' || screen === 'review' || screen === 'upload';

  // Focus moves to the new heading on every step, so keyboard and screen-reader users follow along.
  useEffect(() => {
    if (moveCount > 0) headingRef.current?.focus();
  }, [moveCount]);

  let body: ReactNode;
  if (screen === 'loading' || !uid) {
    body = (
      <p role="status" className="md-muted">
        {MESSAGES.intakeLoading}
      </p>
    );
  } else if (screen === 'welcome') {
    body = (
      <>
        <h2 className={css.question} data-testid="intake-question" ref={headingRef} tabIndex={-1}>
          {MESSAGES.welcomeBackHeading}
        </h2>
        <p className="md-muted">{MESSAGES.welcomeBackIntro}</p>
        <div className={css.choices}>
          <button type="button" className={css.choice} onClick={() => chooseVisit('followUp')}>
            <strong>{MESSAGES.followUpVisitTitle}</strong>
            <span className="md-muted">{MESSAGES.followUpVisitDescription}</span>
          </button>
          <button type="button" className={css.choice} onClick={() => chooseVisit('newAppointment')}>
            <strong>{MESSAGES.newAppointmentTitle}</strong>
            <span className="md-muted">{MESSAGES.newAppointmentDescription}</span>
          </button>
          <button type="button" className={css.choice} onClick={() => chooseVisit('profile')}>
            <strong>{MESSAGES.profileUpdateTitle}</strong>
            <span className="md-muted">{MESSAGES.profileUpdateDescription}</span>
          </button>
        </div>
      </>
    );
  } else if (screen === 'done' && state.crisis) {
    // Self-harm or suicide intent disclosed: help first, and no redirect until the patient continues.
    body = (
      <div className={css.crisis} data-testid="crisis-info">
        <h2 className={css.question} data-testid="intake-question" ref={headingRef} tabIndex={-1}>
          {MESSAGES.crisisHeading}
        </h2>
        <p>{MESSAGES.crisisBody}</p>
        <p className={css.crisisLine}>
          {formatMessage('crisisEmergency', { number: state.crisis.emergencyNumber })}
        </p>
        <p className={css.crisisLine}>
          {formatMessage('crisisLine', { name: state.crisis.lineName, number: state.crisis.lineNumber })}
        </p>
        <p>{MESSAGES.intakeSubmitted}</p>
        <button type="button" className="md-button md-primary" onClick={onDone}>
          {MESSAGES.crisisContinue}
        </button>
      </div>
    );
  } else if (screen === 'done') {
    body = (
      <div className={css.done} role="status">
        <div className={css.doneMark} aria-hidden="true">
          {MESSAGES.doneMark}
        </div>
        <h2 className={css.question} data-testid="intake-question" ref={headingRef} tabIndex={-1}>
          {MESSAGES.intakeSubmitted}
        </h2>
        <p className="md-muted">{MESSAGES.redirecting}</p>
      </div>
    );
  } else {
    const field = step?.question.field;
    const docKey = field ? `${field}${DOCUMENT_SUFFIX}` : '';
    const docName = docKey && typeof answers[docKey] === 'string' ? (answers[docKey] as string) : '';
    const reports =
      typeof answers.medicalReports === 'string' && answers.medicalReports
        ? answers.medicalReports.split(', ')
        : [];
    const eyebrow = step?.topic ? (
      <span className={css.eyebrow} data-testid="intake-topic">
        {formatMessage(step.kind === 'chronic' ? 'chronicFollowUpTitle' : 'symptomFollowUpTitle', {
          topic: step.topic,
        })}
      </span>
    ) : undefined;
    body = (
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (screen === 'upload') submit();
          else next();
        }}
      >
        {screen === 'question' && (
          <div className={css.progress}>
            <p data-testid="intake-progress">{formatMessage('stepProgress', { ...progress })}</p>
            <progress
              className={css.bar}
              aria-label={formatMessage('stepProgress', { ...progress })}
              max={progress.parts}
              value={progress.part}
            />
          </div>
        )}
        {screen === 'question' && step && (
          <>
            <QuestionField
              key={step.key}
              question={step.question}
              value={answers[step.question.field]}
              onChange={(v) => setAnswer(step.question.field, v)}
              headingRef={headingRef}
              errorId={ERROR_ID}
              hasError={error !== null}
              today={today}
              eyebrow={eyebrow}
              sex={answers.gender}
            />
            {step.question.upload && uid && (
              <FileUpload
                uid={uid}
                type={step.question.field}
                label={MESSAGES.attachFile}
                names={docName ? [docName] : []}
                onUploaded={(doc) => setAnswer(docKey, doc.name)}
                onRemove={() => setAnswer(docKey, undefined)}
              />
            )}
          </>
        )}
        {screen === 'review' && (
          <ReviewScreen
            answers={answers}
            viaDoctor={viaDoctor}
            headingRef={headingRef}
            onEdit={editSection}
            editable={state.editable}
          />
        )}
        {screen === 'upload' && uid && (
          <>
            <h2 className={css.question} data-testid="intake-question" ref={headingRef} tabIndex={-1}>
              {MESSAGES.uploadStepHeading}
            </h2>
            <p className="md-muted">{MESSAGES.uploadStepIntro}</p>
            <FileUpload
              uid={uid}
              type="Medical Report"
              label={MESSAGES.chooseReports}
              multiple
              names={reports}
              onUploaded={(doc) => setAnswer('medicalReports', [...reports, doc.name].join(', '))}
              onRemove={(name) =>
                setAnswer('medicalReports', reports.filter((r) => r !== name).join(', ') || undefined)
              }
            />
          </>
        )}
        {error && (
          <p id={ERROR_ID} role="alert" className={common.error}>
            {error}
          </p>
        )}
        {saveError && screen === 'upload' && (
          <p role="alert" className={common.error}>
            {saveError}
          </p>
        )}
        {editing && screen === 'question' && (
          <div className={nav.backToReview}>
            <button type="button" className={`md-link-button ${nav.link}`} onClick={backToReview}>
              {MESSAGES.reviewBackToReview}
            </button>
          </div>
        )}
        <div className={css.actions}>
          <button
            type="button"
            className="md-button"
            onClick={!canGoBack && returning && mode ? backToChoice : back}
            disabled={!canGoBack && !(returning && mode)}
          >
            {MESSAGES.previousButton}
          </button>
          <button type="submit" className="md-button md-primary" disabled={submitting}>
            {screen === 'review'
              ? MESSAGES.continueToUpload
              : screen === 'upload'
                ? submitting
                  ? MESSAGES.submitting
                  : MESSAGES.finishSubmit
                : MESSAGES.nextButton}
          </button>
        </div>
      </form>
    );
  }

  return (
    <main className={common.page}>
      <div className={css.card}>
        <h1>{MESSAGES.intakeHeading}</h1>
        {email && (
          <p className={`md-muted ${css.account}`} data-testid="auth-email">
            {formatMessage('signedInAs', { email })}
          </p>
        )}
        {inFlow && (
          <div className={nav.bar}>
            {returning && mode ? (
              <button type="button" className={`md-link-button ${nav.link}`} onClick={backToChoice}>
                {MESSAGES.intakeChangeChoice}
              </button>
            ) : (
              <span />
            )}
            <p className={nav.status} role="status" data-testid="draft-status">
              {draftStatus.state === 'saving'
                ? MESSAGES.draftSaving
                : draftStatus.state === 'saved'
                  ? MESSAGES.draftSaved
                  : draftStatus.state === 'error'
                    ? draftStatus.message
                    : ''}
            </p>
          </div>
        )}
        {body}
      </div>
    </main>
  );
}
