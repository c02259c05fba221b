import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { Dialog, Popover } from '@medora/shared/ui';

/** An opener button and the Dialog it mounts, as every caller uses it. */
function DialogHarness({ closeOnBackdrop = false }: { closeOnBackdrop?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Outside</button>
      {open && (
        <Dialog labelledBy="t" onClose={() => setOpen(false)} closeOnBackdrop={closeOnBackdrop}>
          <div data-testid="panel">
            <h2 id="t">Title</h2>
            <button type="button">First</button>
            <button type="button">Last</button>
          </div>
        </Dialog>
      )}
    </>
  );
}

function openDialog(closeOnBackdrop = false) {
  render(<DialogHarness closeOnBackdrop={closeOnBackdrop} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Title' }) };
}

describe('Dialog (@medora/shared/ui)', () => {
  it('opens modally, named by its title, with the focus on the first control', () => {
    const { dialog } = openDialog();
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveProperty('open', true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First' }));
  });

  it('closes on Escape and gives the focus back to the opener', () => {
    const { opener, dialog } = openDialog();
    fireEvent.keyDown(screen.getByRole('button', { name: 'First' }), { key: 'Escape' });
    expect(dialog.isConnected).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside: from the last control to the first, and Shift+Tab back', () => {
    openDialog();
    const first = screen.getByRole('button', { name: 'First' });
    const last = screen.getByRole('button', { name: 'Last' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('closes on a backdrop press only when asked to, never on a press inside the panel', () => {
    const { dialog } = openDialog(true);
    fireEvent.mouseDown(screen.getByTestId('panel'));
    expect(dialog.isConnected).toBe(true);
    fireEvent.mouseDown(dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open on a backdrop press by default', () => {
    const { dialog } = openDialog();
    fireEvent.mouseDown(dialog);
    expect(dialog.isConnected).toBe(true);
  });
});

function PopoverHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <p>Elsewhere</p>
      <Popover
        open={open}
        onOpenChange={setOpen}
        buttonProps={{ 'aria-label': 'Things' }}
        buttonContent="T"
        panelProps={{ role: 'region', 'aria-label': 'Things panel' }}
      >
        <button type="button">Inside</button>
      </Popover>
    </>
  );
}

describe('Popover (@medora/shared/ui)', () => {
  it('toggles from its button and says so with aria-expanded / aria-controls', () => {
    render(<PopoverHarness />);
    const button = screen.getByRole('button', { name: 'Things' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const panel = screen.getByRole('region', { name: 'Things panel' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(panel.id);
    fireEvent.click(button);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('closes on Escape and returns the focus to its button', () => {
    render(<PopoverHarness />);
    const button = screen.getByRole('button', { name: 'Things' });
    fireEvent.click(button);
    screen.getByRole('button', { name: 'Inside' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('closes on a press outside, not on a press inside', () => {
    render(<PopoverHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'Things' }));
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Inside' }));
    expect(screen.getByRole('region', { name: 'Things panel' })).toBeTruthy();
    fireEvent.pointerDown(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
