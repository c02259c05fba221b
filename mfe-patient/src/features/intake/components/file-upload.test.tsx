import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES, api, toastStore, type PatientDocument } from '@medora/shared';
import { renderWithQuery } from '../../../test-utils/render-with-query';
import { FileUpload } from './file-upload';

afterEach(() => {
  jest.restoreAllMocks();
  act(() => toastStore.setState({ toasts: [] }));
});

describe('FileUpload', () => {
  it('says an upload worked beside the field, not in a toast over the step’s buttons', async () => {
    const doc = { id: 'd1', name: 'report.pdf' } as PatientDocument;
    jest.spyOn(api, 'uploadDocument').mockResolvedValue(doc);
    const onUploaded = jest.fn();
    renderWithQuery(
      <FileUpload
        uid="p1"
        type="Medical Report"
        label="Choose reports"
        names={[]}
        onUploaded={onUploaded}
        onRemove={jest.fn()}
      />,
    );
    const file = new File(['%PDF-1.4'], 'report.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Choose reports'), { target: { files: [file] } });
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(doc));
    expect(screen.getByTestId('upload-status').textContent).toBe(MESSAGES.uploadSucceeded);
    expect(toastStore.getState().toasts).toEqual([]);
  });
});
