import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@medora/shared';
import { ReasonDialog } from '@medora/shared/ui';

/** The admin's Reject button and the dialog it opens, as the queue uses them. */
function RejectButton({ onConfirm }: { onConfirm: (reason: string) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Reject Dr. Focus
      </button>
      <button type="button">Something after</button>
      {open && (
        <ReasonDialog
          purpose="reject"
          title="Reject Dr. Focus"
          onCancel={() => setOpen(false)}
          onConfirm={async (reason) => {
            await onConfirm(reason);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function open() {
  const opener = screen.getByRole('button', { name: 'Reject Dr. Focus' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Reject Dr. Focus' }) };
}

const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey });

// The reject dialog keeps the focus inside and gives it back to the button that opened it.
describe('ReasonDialog focus', () => {
  it('moves the focus into the reason, wraps Tab and Shift+Tab inside, and returns it on Cancel', () => {
    render(<RejectButton onConfirm={async () => undefined} />);
    const { opener } = open();
    const field = screen.getByLabelText(MESSAGES.rejectReasonLabel);
    const cancel = screen.getByRole('button', { name: MESSAGES.dialogCancel });
    const confirm = screen.getByRole('button', { name: MESSAGES.rejectConfirm });
    expect(document.activeElement).toBe(field);

    // Shift+Tab on the first element goes to the last one, Tab on the last back to the first.
    tab(true);
    expect(document.activeElement).toBe(confirm);
    tab();
    expect(document.activeElement).toBe(field);
    // Between the two, the browser moves the focus itself: nothing is prevented.
    cancel.focus();
    expect(tab().valueOf()).toBe(true);

    fireEvent.click(cancel);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('returns the focus to the opener after Escape', () => {
    render(<RejectButton onConfirm={async () => undefined} />);
    const { opener, dialog } = open();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('returns the focus to the opener after a confirmed rejection', async () => {
    const onConfirm = jest.fn(async () => undefined);
    render(<RejectButton onConfirm={onConfirm} />);
    const { opener } = open();
    fireEvent.change(screen.getByLabelText(MESSAGES.rejectReasonLabel), {
      target: { value: 'Licence expired.' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: MESSAGES.rejectConfirm }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).toHaveBeenCalledWith('Licence expired.');
    expect(document.activeElement).toBe(opener);
  });
});
