import { confirmDialog, dialogStore, MAX_TOASTS, notify, toastStore } from './notify.js';

describe('notify', () => {
  afterEach(() => toastStore.setState({ toasts: [] }));

  it('queues toasts with their kind and removes them on dismiss', () => {
    const id = notify.error('Login failed: nope');
    notify.success('Saved');
    expect(toastStore.getState().toasts.map((t) => [t.kind, t.text])).toEqual([
      ['error', 'Login failed: nope'],
      ['success', 'Saved'],
    ]);
    notify.dismiss(id);
    expect(toastStore.getState().toasts.map((t) => t.text)).toEqual(['Saved']);
  });

  // At most three toasts, identical ones merged.
  it('keeps at most three toasts, dropping the oldest', () => {
    ['One', 'Two', 'Three', 'Four', 'Five'].forEach((text) => notify.info(text));
    expect(MAX_TOASTS).toBe(3);
    expect(toastStore.getState().toasts.map((t) => t.text)).toEqual(['Three', 'Four', 'Five']);
  });

  it('merges an identical toast into the one on screen and counts it', () => {
    const first = notify.error('Offline');
    notify.success('Saved');
    const again = notify.error('Offline');
    notify.error('Offline');
    expect(again).toBe(first);
    expect(toastStore.getState().toasts.map((t) => [t.kind, t.text, t.count])).toEqual([
      ['error', 'Offline', 3],
      ['success', 'Saved', 1],
    ]);
    // The same text of another kind is another toast.
    notify.info('Offline');
    expect(toastStore.getState().toasts).toHaveLength(3);
    notify.dismiss(first);
    expect(toastStore.getState().toasts.map((t) => [t.kind, t.text])).toEqual([
      ['success', 'Saved'],
      ['info', 'Offline'],
    ]);
  });
});

describe('confirmDialog', () => {
  it('resolves with the answer given to the dialog and removes it', async () => {
    const answer = confirmDialog({ title: 'Delete?', message: 'Really?', confirmLabel: 'Delete' });
    const [dialog] = dialogStore.getState().dialogs;
    expect(dialog).toMatchObject({ title: 'Delete?', confirmLabel: 'Delete' });
    dialogStore.getState().close(dialog!.id, true);
    await expect(answer).resolves.toBe(true);
    expect(dialogStore.getState().dialogs).toEqual([]);
  });

  it('resolves false when cancelled', async () => {
    const answer = confirmDialog({ title: 'Leave?', message: 'Unsaved changes' });
    dialogStore.getState().close(dialogStore.getState().dialogs[0]!.id, false);
    await expect(answer).resolves.toBe(false);
  });
});
