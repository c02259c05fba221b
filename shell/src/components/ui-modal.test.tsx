import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, formatMessage, type DownloadedFile } from '@medora/shared';
import { createQueryClient } from '@medora/shared/query';
import { FilePreviewDialog, Modal, ModalActions } from '@medora/shared/ui';
import { Blob as NodeBlob } from 'node:buffer';

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

function renderPreview(load: () => Promise<DownloadedFile>, hasFile?: boolean) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <FilePreviewDialog
        title="Licence of Dr. Kit"
        queryKey={['kit-preview']}
        load={load}
        fallbackName="licence.png"
        hasFile={hasFile}
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
  const afterTest: (() => void)[] = [];
  afterEach(() => {
    jest.restoreAllMocks();
    afterTest.splice(0).forEach((undo) => undo());
  });

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

  it('previews a PDF under the file name as its title, in a frame typed as a PDF', async () => {
    // jsdom's Blob cannot be read back; Node's can, and the browser's behaves like it.
    const jsdomBlob = globalThis.Blob;
    globalThis.Blob = NodeBlob as unknown as typeof Blob;
    afterTest.push(() => (globalThis.Blob = jsdomBlob));
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (b: Blob) => {
        blobs.push(b);
        return 'blob:pdf';
      },
    });
    const pdf =
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\nxref\n0 2\n0000000000 65535 f \n0000000009 00000 n \n' +
      'trailer\n<< /Size 2 /Root 1 0 R >>\nstartxref\n44\n%%EOF\n';
    const dialog = renderPreview(() =>
      Promise.resolve({
        blob: new Blob([pdf], { type: 'application/pdf' }),
        fileName: 'Blood test.pdf',
        contentType: 'application/pdf',
      }),
    );
    const frame = await within(dialog).findByTitle('Blood test.pdf');
    expect(frame.getAttribute('data-content-type')).toBe('application/pdf');
    expect(blobs).toHaveLength(1);
    const shown = Buffer.from(await blobs[0].arrayBuffer()).toString('latin1');
    expect(shown.startsWith(pdf)).toBe(true);
    expect(shown.slice(pdf.length)).toContain('/Title');
  });

  it('fetches nothing when only the file name was recorded, and says so', () => {
    const load = jest.fn(() => Promise.reject(new Error('not called')));
    const dialog = renderPreview(load, false);
    expect(within(dialog).getByText(MESSAGES.documentNoFile)).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    expect(within(dialog).queryByRole('button', { name: MESSAGES.downloadDocument })).toBeNull();
  });
});
