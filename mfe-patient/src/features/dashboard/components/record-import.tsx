import { useId } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  api,
  errorMessage,
  formatMessage,
  MESSAGES,
  type ImportedItemKind,
  type ImportedRecordItem,
} from '@medora/shared';
import { LIST_PAGING, importedRecordKeys, patientKeys } from '@medora/shared/query';
import common from '../../../components/patient.module.css';
import css from './record.module.css';

const KIND_LABEL: Record<ImportedItemKind, string> = {
  allergy: MESSAGES.fhirImportKindAllergy,
  condition: MESSAGES.fhirImportKindCondition,
  medication: MESSAGES.fhirImportKindMedication,
  observation: MESSAGES.fhirImportKindObservation,
};

/** Reads the chosen file as JSON; a file that is not JSON never reaches the API. */
async function readJson(file: File): Promise<unknown> {
  const text = await file.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(MESSAGES.fhirImportUnreadable);
  }
}

function Item({ uid, item }: { uid: string; item: ImportedRecordItem }) {
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (decision: 'confirm' | 'dismiss') =>
      decision === 'confirm' ? api.confirmImportedItem(uid, item.id) : api.dismissImportedItem(uid, item.id),
    // A confirmed item joins the record (and its exports): the record's keys are refreshed with the list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.all }),
  });
  const source = item.sourceName ?? MESSAGES.fhirImportUnknownSource;
  return (
    <li className={css.importItem}>
      <span>
        <strong>{item.text}</strong> <span className="md-muted">· {KIND_LABEL[item.kind]}</span>
      </span>
      {item.status === 'pending' ? (
        <>
          <span className="md-muted">{formatMessage('fhirImportFrom', { source })}</span>
          <span className={css.importButtons}>
            <button
              type="button"
              className={`md-button ${css.target}`}
              disabled={decide.isPending}
              onClick={() => decide.mutate('confirm')}
            >
              {MESSAGES.fhirImportConfirm}
            </button>
            <button
              type="button"
              className={`md-button ${css.target}`}
              disabled={decide.isPending}
              onClick={() => decide.mutate('dismiss')}
            >
              {MESSAGES.fhirImportDismiss}
            </button>
          </span>
        </>
      ) : (
        <span className="md-muted">
          {item.status === 'confirmed' ? MESSAGES.fhirImportConfirmed : MESSAGES.fhirImportDismissed}
        </span>
      )}
      {decide.isError && (
        <p role="alert" className={common.error}>
          {formatMessage('fhirImportActionFailed', { reason: errorMessage(decide.error) })}
        </p>
      )}
    </li>
  );
}

/**
 * "Import a health record": a FHIR JSON file from another system (a patient summary or a whole record),
 * whose allergies, conditions, medicines and observations wait here until the patient confirms each.
 */
export function RecordImport({ uid }: { uid: string }) {
  const inputId = useId();
  const queryClient = useQueryClient();
  const list = useInfiniteQuery({
    queryKey: importedRecordKeys.list(uid),
    queryFn: ({ pageParam }) => api.importedRecordItems(uid, pageParam),
    ...LIST_PAGING,
  });
  const upload = useMutation({
    mutationFn: async (file: File) => api.importHealthRecord(uid, await readJson(file)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importedRecordKeys.list(uid) }),
  });

  let body;
  if (list.isPending) {
    body = (
      <p role="status" className="md-muted">
        {MESSAGES.fhirImportLoading}
      </p>
    );
  } else if (list.isError) {
    body = (
      <div role="alert" className={common.error}>
        <p>{formatMessage('fhirImportLoadFailed', { reason: errorMessage(list.error) })}</p>
        <button type="button" className={`md-button ${css.target}`} onClick={() => void list.refetch()}>
          {MESSAGES.retry}
        </button>
      </div>
    );
  } else if (list.data.pages[0]!.items.length === 0) {
    body = <p className="md-muted">{MESSAGES.fhirImportEmpty}</p>;
  } else {
    body = (
      <>
        <ul className={css.importList} aria-label={MESSAGES.fhirImportListTitle} data-testid="imported-items">
          {list.data.pages
            .flatMap((page) => page.items)
            .map((item) => (
              <Item key={item.id} uid={uid} item={item} />
            ))}
        </ul>
        {list.hasNextPage && (
          <button
            type="button"
            className={`md-button ${css.target}`}
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {list.isFetchingNextPage ? MESSAGES.fhirImportLoading : MESSAGES.listShowMore}
          </button>
        )}
      </>
    );
  }

  return (
    <section className={css.import} aria-labelledby={`${inputId}-heading`} data-testid="record-import">
      <h2 id={`${inputId}-heading`} className={css.importTitle}>
        {MESSAGES.fhirImportTitle}
      </h2>
      <p className={css.hint}>{MESSAGES.fhirImportHint}</p>
      <label htmlFor={inputId} className={`md-button ${css.target} ${css.fileLabel}`}>
        {upload.isPending ? MESSAGES.fhirImportReading : MESSAGES.fhirImportChoose}
      </label>
      <input
        id={inputId}
        type="file"
        accept=".json,application/json,application/fhir+json"
        className={css.fileInput}
        disabled={upload.isPending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) upload.mutate(file);
        }}
      />
      <p role="status" className={css.status}>
        {upload.isSuccess && formatMessage('fhirImportDone', { count: upload.data.imported })}
      </p>
      {upload.isError && (
        <p role="alert" className={common.error}>
          {formatMessage('fhirImportFailed', { reason: errorMessage(upload.error) })}
        </p>
      )}
      {body}
    </section>
  );
}
