import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_MAX_LIMIT,
  AUDIT_PAGE_SIZE,
  MESSAGES,
  api,
  auditCsv,
  errorMessage,
  formatDateTime,
  formatMessage,
  notify,
  type AuditEntry,
  type AuditFilters,
} from '@medora/shared';
import { adminDeskKeys } from '@medora/shared/query';
import { saveBlob } from '@medora/shared/ui';
import { AUDIT_ACTIONS, AUDIT_OUTCOMES, AUDIT_RESOURCE_TYPES } from '@medora/shared/schemas';
import { ui } from '../../../components/ui';
import css from './audit-log.module.css';

/** The filter form as typed: every field text, '' meaning any. */
interface AuditForm {
  /** A uid, an account's e-mail or a part of its name (the API's `actor`). */
  actor: string;
  resourceType: string;
  resourceId: string;
  action: string;
  outcome: string;
  from: string;
  to: string;
}
const EMPTY: AuditForm = {
  actor: '',
  resourceType: '',
  resourceId: '',
  action: '',
  outcome: '',
  from: '',
  to: '',
};

/** The form as `GET /api/audit` filters: dates are whole UTC days, empty fields left out. */
function toFilters(form: AuditForm): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ['actor', 'resourceType', 'resourceId', 'action', 'outcome'] as const) {
    const value = form[key].trim();
    if (value) out[key] = value;
  }
  if (form.from) out.from = `${form.from}T00:00:00.000Z`;
  if (form.to) out.to = `${form.to}T23:59:59.999Z`;
  return out;
}

/** Every row the filters match, newest first, page by page up to `AUDIT_EXPORT_MAX_ROWS`. */
async function allRows(filters: Record<string, string>): Promise<{ rows: AuditEntry[]; capped: boolean }> {
  const rows: AuditEntry[] = [];
  let cursor: string | null = null;
  do {
    const page = await api.audit({
      ...filters,
      limit: AUDIT_MAX_LIMIT,
      ...(cursor ? { cursor } : {}),
    } as AuditFilters);
    rows.push(...page.items);
    if (rows.length >= AUDIT_EXPORT_MAX_ROWS)
      return {
        rows: rows.slice(0, AUDIT_EXPORT_MAX_ROWS),
        capped: rows.length > AUDIT_EXPORT_MAX_ROWS || page.nextCursor !== null,
      };
    cursor = page.nextCursor;
  } while (cursor);
  return { rows, capped: false };
}

/**
 * The audit log screen of the admin desk — filters (actor, subject, action, outcome,
 * date range), pages of `AUDIT_PAGE_SIZE` newest first (each page's `nextCursor` opens the next), and a CSV
 * export of everything the filters match.
 */
export function AuditLog() {
  const [filters, setFilters] = useState<Record<string, string>>({});
  /** The cursors of the pages shown so far: null for the first, then each page's `nextCursor`. */
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [exporting, setExporting] = useState(false);
  const { register, handleSubmit, reset, setError, formState } = useForm<AuditForm>({ defaultValues: EMPTY });
  const cursor = cursors.at(-1) ?? null;
  const query = useQuery({
    queryKey: adminDeskKeys.audit(filters, cursor),
    queryFn: () =>
      api.audit({ ...filters, limit: AUDIT_PAGE_SIZE, ...(cursor ? { cursor } : {}) } as AuditFilters),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.items ?? null;
  const nextCursor = query.data?.nextCursor ?? null;

  const apply = (next: Record<string, string>) => {
    setFilters(next);
    setCursors([null]);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { rows: all, capped } = await allRows(filters);
      saveBlob(
        new Blob([auditCsv(all)], { type: 'text/csv;charset=utf-8' }),
        `medora-audit-${new Date().toISOString().slice(0, 10)}.csv`,
      );
      notify.success(
        capped
          ? formatMessage('auditExportCapped', { count: all.length })
          : formatMessage('auditExported', { count: all.length }),
      );
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setExporting(false);
    }
  };
  const dateError = formState.errors.from?.message;

  return (
    <section aria-labelledby="md-admin-audit-title" className={css.section}>
      <h2 id="md-admin-audit-title">{MESSAGES.auditTitle}</h2>
      <form
        aria-label={MESSAGES.auditFiltersLabel}
        className={css.filters}
        onSubmit={handleSubmit((form) => {
          if (form.from && form.to && form.from > form.to) {
            setError('from', { message: MESSAGES.auditDateInvalid });
            return;
          }
          apply(toFilters(form));
        })}
      >
        <label className={ui.label}>
          {MESSAGES.auditActor}
          <input {...register('actor')} maxLength={128} className={ui.input} />
        </label>
        <label className={ui.label}>
          {MESSAGES.auditSubjectType}
          <select {...register('resourceType')} className={ui.input}>
            <option value="">{MESSAGES.auditAny}</option>
            {AUDIT_RESOURCE_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label className={ui.label}>
          {MESSAGES.auditSubjectId}
          <input {...register('resourceId')} maxLength={128} className={ui.input} />
        </label>
        <label className={ui.label}>
          {MESSAGES.auditAction}
          <select {...register('action')} className={ui.input}>
            <option value="">{MESSAGES.auditAny}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label className={ui.label}>
          {MESSAGES.auditOutcome}
          <select {...register('outcome')} className={ui.input}>
            <option value="">{MESSAGES.auditAny}</option>
            {AUDIT_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </label>
        <label className={ui.label}>
          {MESSAGES.auditFrom}
          <input
            type="date"
            {...register('from')}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? 'md-admin-audit-date-error' : undefined}
            className={ui.input}
          />
        </label>
        <label className={ui.label}>
          {MESSAGES.auditTo}
          <input type="date" {...register('to')} className={ui.input} />
        </label>
        {dateError && (
          <p id="md-admin-audit-date-error" role="alert" className={`${ui.error} ${css.wide}`}>
            {dateError}
          </p>
        )}
        <div className={`${css.buttons} ${css.wide}`}>
          <button type="submit" className={ui.primary}>
            {MESSAGES.auditApply}
          </button>
          <button
            type="button"
            className={ui.secondary}
            onClick={() => {
              reset(EMPTY);
              apply({});
            }}
          >
            {MESSAGES.auditReset}
          </button>
          <button
            type="button"
            className={ui.secondary}
            disabled={exporting}
            onClick={() => void exportCsv()}
          >
            {exporting ? MESSAGES.auditExporting : MESSAGES.auditExport}
          </button>
        </div>
      </form>
      {query.error && (
        <p role="alert" className={ui.error}>
          {errorMessage(query.error)}
        </p>
      )}
      {rows === null && !query.error && <p role="status">{MESSAGES.loading}</p>}
      {rows?.length === 0 && <p>{MESSAGES.auditEmpty}</p>}
      {rows && rows.length > 0 && (
        <div className={css.tableWrap} role="region" aria-label={MESSAGES.auditTableLabel} tabIndex={0}>
          <table className={css.table}>
            <thead>
              <tr>
                <th scope="col">{MESSAGES.auditColTime}</th>
                <th scope="col">{MESSAGES.auditColActor}</th>
                <th scope="col">{MESSAGES.auditColAction}</th>
                <th scope="col">{MESSAGES.auditColSubject}</th>
                <th scope="col">{MESSAGES.auditColOutcome}</th>
                <th scope="col">{MESSAGES.auditColDetail}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  {/* The filters are UTC days, so the times are UTC too (not the browser's zone). */}
                  <td data-label={MESSAGES.auditColTime}>{formatDateTime(r.createdAt, 'UTC')}</td>
                  <td data-label={MESSAGES.auditColActor}>
                    {r.actorName && <span className={css.actorName}>{r.actorName}</span>}
                    <span className={css.uid}>
                      {[r.actorUid ?? '-', r.actorRole].filter(Boolean).join(' · ')}
                    </span>
                  </td>
                  <td data-label={MESSAGES.auditColAction}>{r.action}</td>
                  <td data-label={MESSAGES.auditColSubject} className={css.uid}>
                    {[r.resourceType, r.resourceId].filter(Boolean).join(' ')}
                  </td>
                  <td data-label={MESSAGES.auditColOutcome}>{r.outcome}</td>
                  <td data-label={MESSAGES.auditColDetail} className={css.detail}>
                    {r.detail ?? ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label={MESSAGES.auditPagesLabel} className={css.pager}>
        <button
          type="button"
          className={ui.secondary}
          disabled={cursors.length <= 1}
          onClick={() => setCursors((c) => c.slice(0, -1))}
        >
          {MESSAGES.auditNewer}
        </button>
        <p>{formatMessage('auditPageStatus', { page: cursors.length })}</p>
        <button
          type="button"
          className={ui.secondary}
          disabled={!nextCursor}
          onClick={() => nextCursor && setCursors((c) => [...c, nextCursor])}
        >
          {MESSAGES.auditOlder}
        </button>
      </nav>
    </section>
  );
}
