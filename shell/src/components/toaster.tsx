import { useEffect } from 'react';
import { useStore } from 'zustand';
import { MESSAGES, toastStore, type Toast } from '@medora/shared';

/** How long a toast stays; errors stay longer so they can be read. */
const DURATION_MS = { success: 6_000, info: 6_000, error: 12_000 } as const;

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useStore(toastStore, (s) => s.dismiss);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), DURATION_MS[toast.kind]);
    return () => clearTimeout(timer);
  }, [toast, dismiss]);
  return (
    <div className="md-toast" data-kind={toast.kind}>
      <p>{toast.text}</p>
      <button
        type="button"
        className="md-toast-close"
        aria-label={MESSAGES.dismiss}
        onClick={() => dismiss(toast.id)}
      >
        ×
      </button>
    </div>
  );
}

/**
 * Renders the shared toast store (`notify.*` from any remote). Two live regions that exist before any
 * message arrives, so screen readers announce them: errors assertively (role=alert), the rest politely.
 */
export function Toaster() {
  const toasts = useStore(toastStore, (s) => s.toasts);
  return (
    <div className="md-toaster">
      <div role="alert" aria-live="assertive">
        {toasts
          .filter((t) => t.kind === 'error')
          .map((t) => (
            <ToastItem key={t.id} toast={t} />
          ))}
      </div>
      <div role="status" aria-live="polite">
        {toasts
          .filter((t) => t.kind !== 'error')
          .map((t) => (
            <ToastItem key={t.id} toast={t} />
          ))}
      </div>
    </div>
  );
}
