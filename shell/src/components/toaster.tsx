import { useEffect } from 'react';
import { useStore } from 'zustand';
import { CircleAlert, CircleCheck, Info, X, type LucideIcon } from 'lucide-react';
import { formatMessage, MESSAGES, toastStore, type Toast, type ToastKind } from '@medora/shared';

/** How long a toast stays; errors stay longer so they can be read. */
const DURATION_MS = { success: 6_000, info: 6_000, error: 12_000 } as const;

const KIND_ICONS: Record<ToastKind, LucideIcon> = { success: CircleCheck, info: Info, error: CircleAlert };

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useStore(toastStore, (s) => s.dismiss);
  // A merged repeat is a new object: the timer starts again.
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), DURATION_MS[toast.kind]);
    return () => clearTimeout(timer);
  }, [toast, dismiss]);
  const Icon = KIND_ICONS[toast.kind];
  return (
    <div className="md-toast" data-kind={toast.kind} data-count={toast.count}>
      <Icon className="md-toast-icon" aria-hidden="true" size={20} />
      <p>
        {toast.text}
        {toast.count > 1 && (
          <span className="md-toast-count"> ({formatMessage('toastRepeated', { count: toast.count })})</span>
        )}
      </p>
      <button
        type="button"
        className="md-toast-close"
        aria-label={MESSAGES.dismiss}
        onClick={() => dismiss(toast.id)}
      >
        <X aria-hidden="true" size={18} />
      </button>
    </div>
  );
}

/**
 * Renders the shared toast store (`notify.*` from any remote; at most three, identical ones merged).
 * Two live regions that exist before any message arrives, so screen readers announce them: errors
 * assertively (role=alert), the rest politely.
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
