import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, ApiError, formatMessage, MESSAGES, type ImportedRecordItem } from '@medora/shared';
import { renderWithQuery } from '../../../test-utils/render-with-query';
import { RecordImport } from './record-import';

const ITEM: ImportedRecordItem = {
  id: '6f0b4c1e-0000-4000-8000-000000000001',
  kind: 'allergy',
  codeSystem: 'http://snomed.info/sct',
  code: '91936005',
  display: 'Allergy to penicillin',
  text: 'Penicillin',
  absence: false,
  status: 'pending',
  sourceName: 'City Hospital',
  sourceBundleId: 'b1',
  sourceIdentifier: null,
  createdAt: '2026-02-01T08:00:00Z',
};

afterEach(() => jest.restoreAllMocks());

describe('RecordImport', () => {
  it('says when nothing was imported yet', async () => {
    jest.spyOn(api, 'importedRecordItems').mockResolvedValue({ items: [], nextCursor: null });
    renderWithQuery(<RecordImport uid="u1" />);
    expect(screen.getByText(MESSAGES.fhirImportLoading)).toBeTruthy();
    expect(await screen.findByText(MESSAGES.fhirImportEmpty)).toBeTruthy();
  });

  it('shows a list that failed to load, with a retry', async () => {
    jest.spyOn(api, 'importedRecordItems').mockRejectedValue(new ApiError(500, 'Server down'));
    renderWithQuery(<RecordImport uid="u1" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Server down');
    expect(within(alert).getByRole('button', { name: MESSAGES.retry })).toBeTruthy();
  });

  it('asks to confirm each pending item, from its source, and sends the decision', async () => {
    jest.spyOn(api, 'importedRecordItems').mockResolvedValue({ items: [ITEM], nextCursor: null });
    const decide = jest.spyOn(api, 'confirmImportedItem').mockResolvedValue({ ...ITEM, status: 'confirmed' });
    renderWithQuery(<RecordImport uid="u1" />);
    const list = await screen.findByTestId('imported-items');
    expect(within(list).getByText(formatMessage('fhirImportFrom', { source: 'City Hospital' }))).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: MESSAGES.fhirImportConfirm }));
    await waitFor(() => expect(decide).toHaveBeenCalledWith('u1', ITEM.id));
  });

  it('shows the next page of items on request, with the page before’s cursor', async () => {
    const older = { ...ITEM, id: `${ITEM.id.slice(0, -1)}9`, text: 'Older item' };
    const pages = jest
      .spyOn(api, 'importedRecordItems')
      .mockResolvedValueOnce({ items: [ITEM], nextCursor: 'c2' })
      .mockResolvedValueOnce({ items: [older], nextCursor: null });
    renderWithQuery(<RecordImport uid="u1" />);
    const list = await screen.findByTestId('imported-items');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.listShowMore }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(pages).toHaveBeenLastCalledWith('u1', 'c2');
    expect(screen.queryByRole('button', { name: MESSAGES.listShowMore })).toBeNull();
  });

  it('refuses a file that is not JSON without calling the API', async () => {
    jest.spyOn(api, 'importedRecordItems').mockResolvedValue({ items: [], nextCursor: null });
    const upload = jest.spyOn(api, 'importHealthRecord');
    renderWithQuery(<RecordImport uid="u1" />);
    const input = screen.getByLabelText(MESSAGES.fhirImportChoose);
    const file = new File(['not json'], 'record.json', { type: 'application/json' });
    Object.defineProperty(file, 'text', { value: () => Promise.resolve('not json') });
    fireEvent.change(input, { target: { files: [file] } });
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.fhirImportUnreadable);
    expect(upload).not.toHaveBeenCalled();
  });

  it('imports a JSON file and says how many items came', async () => {
    jest.spyOn(api, 'importedRecordItems').mockResolvedValue({ items: [], nextCursor: null });
    const bundle = { resourceType: 'Bundle', type: 'collection', entry: [] };
    const upload = jest.spyOn(api, 'importHealthRecord').mockResolvedValue({ imported: 1, items: [ITEM] });
    renderWithQuery(<RecordImport uid="u1" />);
    const file = new File([JSON.stringify(bundle)], 'record.json', { type: 'application/json' });
    Object.defineProperty(file, 'text', { value: () => Promise.resolve(JSON.stringify(bundle)) });
    fireEvent.change(screen.getByLabelText(MESSAGES.fhirImportChoose), { target: { files: [file] } });
    await waitFor(() => expect(upload).toHaveBeenCalledWith('u1', bundle));
    expect(await screen.findByText(formatMessage('fhirImportDone', { count: 1 }))).toBeTruthy();
  });
});
