import { createStore } from 'zustand/vanilla';

/** How a toast reads: errors are announced assertively (role=alert), the rest politely (role=status). */
export type ToastKind = 'success' | 'info' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  /** How many times this same toast was shown while it was on screen (identical ones are merged). */
  count: number;
}

/** At most this many toasts are on screen: a new one pushes the oldest out. */
export const MAX_TOASTS = 3;

export interface ToastState {
  toasts: Toast[];
  show: (kind: ToastKind, text: string) => number;
  dismiss: (id: number) => void;
}

let nextToastId = 1;

/**
 * Non-blocking messages for every frontend (no `window.alert`). `@medora/shared` is a federation
 * singleton, so a remote calling `notify.error(...)` reaches the one `<Toaster/>` the shell renders.
 * A toast identical to one on screen (same kind and text) is merged into it: its count goes up, it keeps
 * its id and its timer starts again; beyond `MAX_TOASTS` the oldest goes.
 */
export const toastStore = createStore<ToastState>()((set, get) => ({
  toasts: [],
  show: (kind, text) => {
    const same = get().toasts.find((t) => t.kind === kind && t.text === text);
    if (same) {
      set((s) => ({ toasts: s.toasts.map((t) => (t === same ? { ...t, count: t.count + 1 } : t)) }));
      return same.id;
    }
    const id = nextToastId++;
    set((s) => ({ toasts: [...s.toasts, { id, kind, text, count: 1 }].slice(-MAX_TOASTS) }));
    return id;
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

/** Shows a toast with a catalogue text (`MESSAGES.x` or `formatMessage(...)`); returns its id. */
export const notify = {
  success: (text: string) => toastStore.getState().show('success', text),
  info: (text: string) => toastStore.getState().show('info', text),
  error: (text: string) => toastStore.getState().show('error', text),
  dismiss: (id: number) => toastStore.getState().dismiss(id),
};

export interface ConfirmOptions {
  title: string;
  message: string;
  /** Label of the confirming button; the cancel button uses the catalogue's 'Cancel'. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** Styles the confirming button as destructive (e.g. deleting a document). */
  danger?: boolean;
}

export interface PendingDialog extends ConfirmOptions {
  id: number;
  resolve: (confirmed: boolean) => void;
}

export interface DialogState {
  dialogs: PendingDialog[];
  open: (options: ConfirmOptions) => Promise<boolean>;
  close: (id: number, confirmed: boolean) => void;
}

let nextDialogId = 1;

/** Confirmation dialogs (no `window.confirm`): queued here, rendered by the shell's `<DialogHost/>`. */
export const dialogStore = createStore<DialogState>()((set, get) => ({
  dialogs: [],
  open: (options) =>
    new Promise<boolean>((resolve) => {
      const id = nextDialogId++;
      set((s) => ({ dialogs: [...s.dialogs, { ...options, id, resolve }] }));
    }),
  close: (id, confirmed) => {
    const dialog = get().dialogs.find((d) => d.id === id);
    set((s) => ({ dialogs: s.dialogs.filter((d) => d.id !== id) }));
    dialog?.resolve(confirmed);
  },
}));

/** Asks the user to confirm; resolves true on confirm, false on cancel or Escape. */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  return dialogStore.getState().open(options);
}
