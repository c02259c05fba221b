import { useId, useState } from 'react';
import {
  INTAKE_UPLOAD_ACCEPT,
  MESSAGES,
  api,
  checkIntakeFile,
  formatMessage,
  notify,
  type PatientDocument,
} from '@medora/shared';

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
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function handle(files: FileList | null) {
    setProblem(null);
    for (const file of Array.from(files ?? [])) {
      const refused = checkIntakeFile(file);
      if (refused) {
        setProblem(MESSAGES[refused]);
        continue;
      }
      setBusy(file.name);
      try {
        const doc = await api.uploadDocument(uid, file, file.name, type);
        onUploaded(doc);
        notify.success(MESSAGES.uploadSucceeded);
      } catch (e) {
        const message = formatMessage('uploadFailed', {
          message: e instanceof Error ? e.message : String(e),
        });
        setProblem(message);
      } finally {
        setBusy(null);
      }
    }
  }

  return (
    <div className="md-intake-upload">
      <label htmlFor={inputId} className="md-intake-upload-label">
        {label}
      </label>
      <p className="md-muted md-intake-hint" id={`${inputId}-hint`}>
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
      {busy && (
        <p role="status" className="md-muted">
          {formatMessage('uploadingFile', { name: busy })}
        </p>
      )}
      {problem && (
        <p role="alert" className="md-intake-error">
          {problem}
        </p>
      )}
      {names.length > 0 && (
        <ul className="md-intake-files">
          {names.map((name) => (
            <li key={name}>
              <span>{formatMessage('fileAttached', { name })}</span>
              <button
                type="button"
                className="md-link-button"
                aria-label={formatMessage('removeFile', { name })}
                onClick={() => onRemove(name)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
