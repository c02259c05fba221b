import { act, fireEvent, render, screen } from '@testing-library/react';
import { MESSAGES } from '@medora/shared';
import { ConfirmDecisionDialog } from '@medora/shared/ui';

const REASON = { label: 'Why', required: 'Say why.', maxLength: 20 };

function renderDialog(props: {
  onConfirm: (reason: string) => Promise<void>;
  onCancel?: () => void;
  reason?: typeof REASON;
}) {
  const onCancel = props.onCancel ?? jest.fn();
  render(
    <ConfirmDecisionDialog
      title="Approve Dr. Focus?"
      message="They can be booked at once."
      confirmLabel="Approve"
      busyLabel="Approving…"
      reason={props.reason}
      onCancel={onCancel}
      onConfirm={props.onConfirm}
    />,
  );
  return { onCancel, dialog: screen.getByRole('dialog', { name: 'Approve Dr. Focus?' }) };
}

describe('ConfirmDecisionDialog', () => {
  it('puts the focus on the confirm button and is described by its message', () => {
    const { dialog } = renderDialog({ onConfirm: async () => undefined });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Approve' }));
    const description = document.getElementById(dialog.getAttribute('aria-describedby')!);
    expect(description?.textContent).toBe('They can be booked at once.');
  });

  it('is busy and cannot be sent again or dismissed while the one request runs', async () => {
    let finish: () => void = () => undefined;
    const onConfirm = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { dialog, onCancel } = renderDialog({ onConfirm });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const busy = screen.getByRole('button', { name: 'Approving…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: MESSAGES.dialogCancel }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(busy);
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    await act(async () => finish());
    expect((screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows a failure inside the dialog', async () => {
    renderDialog({ onConfirm: async () => Promise.reject(new Error('The server said no.')) });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('The server said no.');
  });

  it('asks for a required reason first and sends it trimmed', async () => {
    const onConfirm = jest.fn(async () => undefined);
    renderDialog({ onConfirm, reason: REASON });
    const field = screen.getByLabelText('Why');
    expect(document.activeElement).toBe(field);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByRole('alert').textContent).toBe('Say why.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: '  Licence lapsed.  ' } });
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    });
    expect(onConfirm).toHaveBeenCalledWith('Licence lapsed.');
  });
});
