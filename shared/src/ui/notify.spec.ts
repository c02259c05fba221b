import { confirmDialog, dialogStore, notify, toastStore } from './notify.js';

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
