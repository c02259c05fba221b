import { useId } from 'react';
import { Link } from '@medora/shared/router';
import { useQuery } from '@tanstack/react-query';
import { api, errorMessage, formatDateTime, formatMessage, formatWallDate, MESSAGES } from '@medora/shared';
import { ipsPrint, type IpsPrint, type IpsPrintSection } from '@medora/shared/intake';
import { patientKeys } from '@medora/shared/query';
import common from '../../../components/patient.module.css';
import css from './record.module.css';

/** The patient's IPS document, read back as the sections to print (null: not an IPS document). */
async function loadIpsPrint(uid: string): Promise<IpsPrint> {
  const file = await api.exportHealthRecord(uid, 'ips');
  const printed = ipsPrint(JSON.parse(await file.blob.text()) as unknown);
  if (!printed) throw new Error(MESSAGES.recordIpsPrintInvalid);
  return printed;
}

function Section({ section }: { section: IpsPrintSection }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={css.block}>
      <h2 id={id}>{section.title}</h2>
      {section.lines.length ? (
        <ul>
          {section.lines.map((line, i) => (
            <li key={`${i}-${line}`}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className="md-muted">{section.emptyReason ?? MESSAGES.recordNoneKnown}</p>
      )}
    </section>
  );
}

/**
 * The printable patient summary produced from the IPS export (`?format=ips`): every section of the
 * document as another system would read it, with print CSS and a Print button.
 */
export function IpsPrintable({ uid }: { uid: string }) {
  const headingId = useId();
  const query = useQuery({ queryKey: patientKeys.ips(uid), queryFn: () => loadIpsPrint(uid) });
  const printed = query.data;
  return (
    <article className={css.sheet} aria-labelledby={headingId} data-testid="ips-printable">
      <div className={css.toolbar}>
        <Link className={`md-button ${css.target}`} to="/dashboard">
          {MESSAGES.recordBack}
        </Link>
        <button
          type="button"
          className={`md-button md-primary ${css.target}`}
          onClick={() => window.print()}
          disabled={!printed}
        >
          {MESSAGES.recordPrint}
        </button>
      </div>
      <h1 id={headingId}>{printed?.title ?? MESSAGES.recordPrintableIpsLink}</h1>
      <p className={`md-muted ${css.screenOnly}`}>{MESSAGES.recordIpsPrintIntro}</p>
      {query.isPending ? (
        <p role="status" className="md-muted">
          {MESSAGES.dashboardLoading}
        </p>
      ) : query.isError ? (
        <p role="alert" className={common.error}>
          {formatMessage('recordIpsPrintFailed', { message: errorMessage(query.error) })}
        </p>
      ) : printed ? (
        <>
          <dl className={css.facts}>
            <div>
              <dt>{MESSAGES.recordName}</dt>
              <dd>{printed.patientName ?? '—'}</dd>
            </div>
            <div>
              <dt>{MESSAGES.recordDob}</dt>
              <dd>
                {printed.birthDate && /^\d{4}-\d{2}-\d{2}$/.test(printed.birthDate)
                  ? formatWallDate(printed.birthDate)
                  : '—'}
              </dd>
            </div>
            <div>
              <dt>{MESSAGES.recordIpsPrintDate}</dt>
              <dd>{printed.date ? formatDateTime(printed.date, null) : '—'}</dd>
            </div>
          </dl>
          <div className={css.columns}>
            {printed.sections.map((section, i) => (
              <Section key={`${i}-${section.title}`} section={section} />
            ))}
          </div>
        </>
      ) : null}
    </article>
  );
}
