import { useId } from 'react';
import {
  errorMessage,
  formatMessage,
  medicationDoseLine,
  medicationStatusText,
  medicationStrengthForm,
  MESSAGES,
  type Medication,
} from '@medora/shared';
import { QueryState } from '../../../components/query-state';
import common from '../../../components/patient.module.css';
import { ActionButton } from '../../../components/action-button';
import { useMedicationHistory } from '../api/medications';
import css from './medications.module.css';

/** Past (stopped) medicines, newest first, a page at a time; each can be taken again. */
export function MedicationHistory({ uid, onRestart }: { uid: string; onRestart: (m: Medication) => void }) {
  const headingId = useId();
  const history = useMedicationHistory(uid);
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby={headingId} className={css.history}>
      <h3 id={headingId}>{MESSAGES.medsHistoryHeading}</h3>
      <QueryState
        loading={history.isPending}
        loadingText={MESSAGES.medsHistoryLoading}
        error={history.isError && items.length === 0 ? errorMessage(history.error) : null}
        onRetry={() => void history.refetch()}
        empty={items.length === 0}
        emptyContent={<p>{MESSAGES.medsHistoryEmpty}</p>}
      >
        <ul className={css.list} aria-label={MESSAGES.medsHistoryHeading} data-testid="medication-history">
          {items.map((m) => (
            <li key={m.id} className={css.card} data-testid="medication-past">
              <div>
                <strong className={css.name}>{m.name}</strong>
                {medicationStrengthForm(m) && (
                  <span className={css.strength}> {medicationStrengthForm(m)}</span>
                )}
              </div>
              <span className="md-muted">
                {[medicationDoseLine(m), medicationStatusText(m)]
                  .filter(Boolean)
                  .join(MESSAGES.listSeparator)}
              </span>
              <div className={css.actions}>
                <ActionButton
                  onClick={() => onRestart(m)}
                  ariaLabel={formatMessage('medsActionFor', { action: MESSAGES.medsRestart, name: m.name })}
                >
                  {MESSAGES.medsRestart}
                </ActionButton>
              </div>
            </li>
          ))}
        </ul>
        {history.hasNextPage && (
          <button
            type="button"
            className={`md-button ${common.buttonSecondary} ${css.more}`}
            disabled={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
          >
            {history.isFetchingNextPage ? MESSAGES.loading : MESSAGES.medsHistoryMore}
          </button>
        )}
        {history.isError && items.length > 0 && (
          <p role="alert" className={common.error}>
            {formatMessage('medsFailed', { message: errorMessage(history.error) })}
          </p>
        )}
      </QueryState>
    </section>
  );
}
