import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, object, [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  /** Escape, and a click on the backdrop when `closeOnBackdrop`. The caller unmounts the dialog. */
  onClose: () => void;
  /** id of the title (the accessible name). */
  labelledBy: string;
  describedBy?: string;
  /** 'alertdialog' for a dialog that interrupts (the idle warning). */
  role?: 'dialog' | 'alertdialog';
  /** What takes the focus on open; by default the first focusable element inside. */
  initialFocus?: RefObject<HTMLElement | null>;
  closeOnBackdrop?: boolean;
  children: ReactNode;
}

/**
 * The one modal dialog, on the native `<dialog>` and `showModal()`: the browser puts it
 * in the top layer and makes the rest of the page inert (a second dialog opened above it, e.g. a
 * confirm over the patient's details, stacks on top). Escape arrives as `cancel`; focus goes back to
 * the opener when the dialog unmounts. Mounted means open: callers render it conditionally.
 * The `<dialog>` is a bare frame (`.md-ui-dialog` in the shell's global styles); the caller's panel
 * is its child, so a click on the dialog element itself is a click on the backdrop.
 */
export function Dialog({
  onClose,
  labelledBy,
  describedBy,
  role,
  initialFocus,
  closeOnBackdrop = false,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first = initialFocus?.current ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    let unmounted = false;
    // Escape: keep the dialog open and let the caller decide (it unmounts it or not).
    const onCancel = (e: Event) => {
      e.preventDefault();
      onCloseRef.current();
    };
    // Browsers may close a dialog without a cancelable `cancel` (repeated Escape without user
    // activation); the caller must still hear about it.
    const onNativeClose = () => {
      if (!unmounted) onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    return () => {
      unmounted = true;
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      if (dialog.open) dialog.close();
      opener?.focus();
    };
    // Open once per mount; `initialFocus` is read at open time only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <dialog
      ref={ref}
      className="md-ui-dialog"
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onMouseDown={(e) => {
        if (closeOnBackdrop && e.target === e.currentTarget) onClose();
      }}
      onKeyDown={(e) => {
        // The page outside is inert already; wrapping Tab keeps focus off the browser's own UI, as
        // the dialogs did before.
        if (e.key !== 'Tab') return;
        const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
        if (items.length === 0) {
          e.preventDefault();
          return;
        }
        const firstItem = items[0]!;
        const lastItem = items[items.length - 1]!;
        if (e.shiftKey && document.activeElement === firstItem) {
          e.preventDefault();
          lastItem.focus();
        } else if (!e.shiftKey && document.activeElement === lastItem) {
          e.preventDefault();
          firstItem.focus();
        }
      }}
    >
      {children}
    </dialog>
  );
}
