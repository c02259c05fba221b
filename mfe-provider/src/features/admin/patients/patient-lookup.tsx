import { useId, useState } from 'react';
import {
  ACCESS_GRANT_MINUTES,
  ApiError,
  MESSAGES,
  accessReasonProblem,
  api,
  errorMessage,
  formatDateTime,
  formatMessage,
  type AccessGrant,
  type PatientResponse,
} from '@medora/shared';
import { ReasonDialog } from '@medora/shared/ui';
import { ui } from '../../../components/ui';
import css from './patient-lookup.module.css';

/** What the lookup shows once the admin stated a reason: the grant and the record (null: none yet). */
interface Opened {
  grant: AccessGrant;
  record: PatientResponse | null;
}

/** The record's headline: who, when last updated, and the latest summary's red flags and first lines. */
function Headline({ uid, opened }: { uid: string; opened: Opened }) {
  const { record, grant } = opened;
  const name = typeof record?.data.name === 'string' && record.data.name ? record.data.name : uid;
  const section = record?.aiSummary?.sections[0];
  return (
    <article className={`${ui.card} ${css.record}`} data-testid="admin-patient-record" aria-live="polite">
      <h3>{formatMessage('accessLookupRecordHeading', { name })}</h3>
      <p className={ui.muted}>
        {formatMessage('accessLookupGrantUntil', { time: formatDateTime(grant.expiresAt, null) })}
      </p>
      {!record ? (
        <p>{MESSAGES.accessLookupNoRecord}</p>
      ) : (
        <>
          <p>{formatMessage('accessLookupUpdated', { date: formatDateTime(record.updatedAt, null) })}</p>
          {record.aiSummary && record.aiSummary.redFlags.length > 0 && (
            <ul className={css.flags}>
              {record.aiSummary.redFlags.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          )}
          {section && (
            <section aria-label={MESSAGES.accessLookupChiefComplaint}>
              <h4>{section.title}</h4>
              <ul>
                {section.lines.slice(0, 3).map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </article>
  );
}

/**
 * "Look up a patient's record" on the admin page: an admin reads a patient's health data only after
 * stating why (break-the-glass). The reason opens access for ACCESS_GRANT_MINUTES minutes, is kept
 * with every read in the audit log, and the patient sees it under "Who looked at my record".
 */
export function PatientLookup() {
  const [uid, setUid] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  /** An e-mail being looked up. */
  const [finding, setFinding] = useState(false);
  const [opened, setOpened] = useState<{ uid: string; value: Opened } | null>(null);
  const fieldId = useId();
  const errorId = useId();

  const open = async (patientUid: string, reason: string) => {
    const problem = accessReasonProblem(reason);
    if (problem) throw new Error(problem);
    let grant: AccessGrant;
    try {
      grant = await api.openRecordAccess(patientUid, reason);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        setAsking(null);
        setError(MESSAGES.accessLookupNotFound);
        return;
      }
      throw new Error(err instanceof ApiError && err.fields?.reason ? err.fields.reason : errorMessage(err), {
        cause: err,
      });
    }
    let record: PatientResponse | null = null;
    try {
      record = await api.getPatient(patientUid);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
    }
    setAsking(null);
    setOpened({ uid: patientUid, value: { grant, record } });
  };

  /** An e-mail is turned into the patient's uid first (who it is, no health data); a uid is taken as typed. */
  const resolve = async (value: string) => {
    if (!value.includes('@')) {
      setAsking(value);
      return;
    }
    setFinding(true);
    try {
      setAsking((await api.adminFindPatient(value)).uid);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 404 ? MESSAGES.accessLookupNotFound : errorMessage(err),
      );
    } finally {
      setFinding(false);
    }
  };

  return (
    <section aria-labelledby="md-admin-lookup-title" className={css.section}>
      <h2 id="md-admin-lookup-title">{MESSAGES.accessLookupHeading}</h2>
      <p className={ui.muted}>{formatMessage('accessLookupIntro', { minutes: ACCESS_GRANT_MINUTES })}</p>
      <form
        className={css.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const value = uid.trim();
          if (!value) {
            setError(MESSAGES.accessLookupRequired);
            return;
          }
          setError(null);
          setOpened(null);
          void resolve(value);
        }}
      >
        <label className={ui.label} htmlFor={fieldId}>
          {MESSAGES.accessLookupLabel}
        </label>
        <div className={css.row}>
          <input
            id={fieldId}
            value={uid}
            maxLength={128}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setUid(e.target.value);
              setError(null);
            }}
            className={ui.input}
          />
          <button type="submit" className={ui.primary} disabled={finding} aria-busy={finding || undefined}>
            {MESSAGES.accessLookupSubmit}
          </button>
        </div>
        {error && (
          <p id={errorId} role="alert" className={ui.error}>
            {error}
          </p>
        )}
      </form>
      {opened && <Headline uid={opened.uid} opened={opened.value} />}
      {asking && (
        <ReasonDialog
          purpose="access"
          title={MESSAGES.accessReasonTitle}
          onCancel={() => setAsking(null)}
          onConfirm={(reason) => open(asking, reason)}
        />
      )}
    </section>
  );
}
