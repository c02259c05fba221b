import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  INTAKE_UPLOAD_ACCEPT,
  MESSAGES,
  api,
  checkIntakeFile,
  formatMessage,
  type PatientDocument,
} from '@medora/shared';
import { documentKeys } from '@medora/shared/query';
import common from '../../../components/patient.module.css';
import css from './intake.module.css';

interface FileUploadProps {
  uid: string;
  /** Document type on the server: the intake field, or 'Medical Report' on the final step. */
  type: string;
  label: string;
  multiple?: boolean;
  /** Names of the files already attached. */
  names: string[];
  onUploaded: (doc: PatientDocument) => void;
  onRemove: (name: string) => void;
}

/**
 * Uploads chosen files at once (bytes to the documents API), after the browser-side checks of type and
 * 10 MB (the server checks again, by content). The record keeps the stored file names.
 */
export function FileUpload({ uid, type, label, multiple, names, onUploaded, onRemove }: FileUploadProps) {
  const inputId = useId();
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (file: File) => api.uploadDocument(uid, file, file.name, type),
    // The patient's documents list (dashboard) has the new file.
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.list(uid) }),
  });
  const busy = upload.isPending ? (upload.variables?.name ?? null) : null;
  const [problem, setProblem] = useState<string | null>(null);
  // Said beside the field, not in a toast: a toast in the corner covered the step's Next button.
  const [uploaded, setUploaded] = useState(false);

  async function handle(files: FileList | null) {
    setProblem(null);
    setUploaded(false);
    for (const file of Array.from(files ?? [])) {
      const refused = checkIntakeFile(file);
      if (refused) {
        setProblem(MESSAGES[refused]);
        continue;
      }
      try {
        onUploaded(await upload.mutateAsync(file));
        setUploaded(true);
      } catch (e) {
        setProblem(formatMessage('uploadFailed', { message: e instanceof Error ? e.message : String(e) }));
      }
    }
  }

  return (
    <div className={common.upload}>
      <label htmlFor={inputId} className={common.uploadLabel}>
        {label}
      </label>
      <p className={`md-muted ${common.hint}`} id={`${inputId}-hint`}>
        {MESSAGES.uploadHint}
      </p>
      <input
        id={inputId}
        type="file"
        accept={INTAKE_UPLOAD_ACCEPT}
        multiple={multiple}
        aria-describedby={`${inputId}-hint`}
        disabled={busy !== null}
        onChange={(e) => {
          const input = e.currentTarget;
          void handle(input.files).then(() => {
            input.value = '';
          });
        }}
      />
      <p role="status" className="md-muted" data-testid="upload-status">
        {busy ? formatMessage('uploadingFile', { name: busy }) : uploaded ? MESSAGES.uploadSucceeded : ''}
      </p>
      {problem && (
        <p role="alert" className={common.error}>
          {problem}
        </p>
      )}
      {names.length > 0 && (
        <ul className={css.files}>
          {names.map((name) => (
            <li key={name}>
              <span>{formatMessage('fileAttached', { name })}</span>
              <button
                type="button"
                className="md-link-button"
                aria-label={formatMessage('removeFile', { name })}
                onClick={() => onRemove(name)}
              >
                {MESSAGES.removeMark}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
