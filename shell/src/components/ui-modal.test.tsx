import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, formatMessage, type DownloadedFile } from '@medora/shared';
import { createQueryClient } from '@medora/shared/query';
import { FilePreviewDialog, Modal, ModalActions } from '@medora/shared/ui';

/** An opener and the Modal it mounts, as the patient's dialogs use it. */
function ModalHarness({ closeOnBackdrop }: { closeOnBackdrop?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal title="Stop Metformin" onClose={() => setOpen(false)} closeOnBackdrop={closeOnBackdrop}>
          <label>
            Why
            <input />
          </label>
          <ModalActions>
            <button type="button">Stop</button>
          </ModalActions>
        </Modal>
      )}
    </>
  );
}

function openModal(closeOnBackdrop?: boolean) {
  render(<ModalHarness closeOnBackdrop={closeOnBackdrop} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Stop Metformin' }) };
}

describe('Modal (@medora/shared/ui)', () => {
  it('is a modal dialog named by its title; its close button closes it and the focus goes back', () => {
    const { opener, dialog } = openModal();
    expect(dialog).toHaveProperty('open', true);
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.closeButton }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on a backdrop press by default', () => {
    fireEvent.mouseDown(openModal().dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open on a backdrop press when a form turns that off; Escape still closes it', () => {
    const { dialog } = openModal(false);
    fireEvent.mouseDown(dialog);
    expect(dialog.isConnected).toBe(true);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Why' }), { key: 'Escape' });
    expect(dialog.isConnected).toBe(false);
  });
});

function renderPreview(load: () => Promise<DownloadedFile>) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <FilePreviewDialog
        title="Licence of Dr. Kit"
        queryKey={['kit-preview']}
        load={load}
        fallbackName="licence.png"
        onClose={() => undefined}
      />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'Licence of Dr. Kit' });
}

describe('FilePreviewDialog (@medora/shared/ui)', () => {
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: () => 'blob:kit', revokeObjectURL: () => undefined });
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows an image inline and downloads it under the name the server gave', async () => {
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const blob = new Blob(['png'], { type: 'image/png' });
    const dialog = renderPreview(() =>
      Promise.resolve({ blob, fileName: 'licence-2026.png', contentType: 'image/png' }),
    );
    const image = await within(dialog).findByRole('img', { name: 'licence-2026.png' });
    expect(image.getAttribute('src')).toBe('blob:kit');
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.downloadDocument }));
    expect(saved).toEqual(['licence-2026.png']);
  });

  it('says why when the file cannot be loaded, and offers no download', async () => {
    const dialog = renderPreview(() => Promise.reject(new Error('Gone')));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        formatMessage('documentPreviewFailed', { message: 'Gone' }),
      ),
    );
    expect(within(dialog).queryByRole('button', { name: MESSAGES.downloadDocument })).toBeNull();
  });
});
