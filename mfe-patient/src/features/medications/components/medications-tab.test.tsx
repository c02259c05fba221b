import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  api,
  dialogStore,
  MESSAGES,
  type Medication,
  type MedicationListResponse,
  type MedicationProposal,
  type MedicineEntry,
} from '@medora/shared';
import { renderWithQuery } from '../../../test-utils/render-with-query';
import { localToday } from './status-dialog';
import { MedicationsTab } from './medications-tab';

// The shared list's data arrives separately: the tab is tested with one entry of its own. (`mock…`
// names may be read by the hoisted factory.)
const mockAmlodipine: MedicineEntry = {
  id: 'amlodipine',
  name: 'amlodipine',
  brands: ['Norvasc'],
  strengths: ['5 mg'],
  forms: ['tablet'],
  classKey: 'blood-pressure',
};
jest.mock('@medora/shared/medicines', () => ({
  get MEDICINES() {
    return [mockAmlodipine];
  },
  searchMedicines: (q: string) => (/aml|norv/i.test(q) ? [mockAmlodipine] : []),
}));

const base: Medication = {
  id: 'm1',
  patientUid: 'p1',
  name: 'Lisinopril',
  medicineId: 'lisinopril',
  strength: '10 mg',
  form: 'tablet',
  dose: '1 tablet',
  frequency: 'once a day',
  startedOn: '2024-03-01',
  startedText: null,
  reason: 'Blood pressure',
  conditionKey: null,
  prescriber: 'Dr. Lee',
  prescriberUid: null,
  status: 'taking',
  statusOn: null,
  statusReason: null,
  notes: 'With breakfast',
  source: 'patient',
  confirmedAt: '2026-11-01T10:00:00Z',
  reminder: { kind: 'off' },
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  version: 3,
};
const fromDoctor: Medication = {
  ...base,
  id: 'm2',
  name: 'Metformin',
  medicineId: null,
  strength: '500 mg',
  source: 'doctor',
  confirmedAt: null,
  notes: null,
  version: 1,
};
const drugProposal: MedicationProposal = {
  key: 'intake:v1:0',
  kind: 'drug',
  sourceText: 'amlodipine 5mg daily',
  medicineId: 'amlodipine',
  name: 'Amlodipine',
  strength: '5 mg',
  dose: null,
  frequency: 'once a day',
  conditionKey: 'hypertension',
};
const classProposal: MedicationProposal = {
  key: 'intake:v1:1',
  kind: 'class',
  sourceText: 'Blood pressure medicines',
  medicineId: null,
  name: null,
  strength: null,
  dose: null,
  frequency: null,
  conditionKey: 'hypertension',
};

function listOf(over: Partial<MedicationListResponse> = {}): MedicationListResponse {
  return { current: [], proposals: [], lastConfirmedAt: null, lastReview: null, ...over };
}

function mockApi(list: MedicationListResponse) {
  jest.spyOn(api, 'listMedications').mockResolvedValue(list);
  jest.spyOn(api, 'medicationHistory').mockResolvedValue({ items: [], nextCursor: null });
}

afterEach(() => jest.restoreAllMocks());

describe('MedicationsTab', () => {
  it('says it is loading, then lists each medicine with its details and the last check and review', async () => {
    mockApi(
      listOf({
        current: [base],
        lastConfirmedAt: '2026-11-20T10:00:00Z',
        lastReview: {
          reviewedAt: '2026-11-21T10:00:00Z',
          doctorUid: 'd1',
          doctorName: 'Dr. Sarah Johnson',
          appointmentId: null,
        },
      }),
    );
    renderWithQuery(<MedicationsTab uid="p1" />);
    expect(screen.getAllByRole('status')[0]!.textContent).toBe(MESSAGES.medsLoading);
    const card = within(await screen.findByTestId('medication-card'));
    expect(card.getByText('Lisinopril')).toBeTruthy();
    expect(card.getByText('10 mg tablet')).toBeTruthy();
    expect(card.getByText('1 tablet, once a day')).toBeTruthy();
    expect(card.getByText('Blood pressure')).toBeTruthy();
    expect(card.getByText('Dr. Lee')).toBeTruthy();
    expect(card.getByText('With breakfast')).toBeTruthy();
    expect(card.getByText(/2024/)).toBeTruthy();
    expect(card.queryByText(MESSAGES.medsWaiting)).toBeNull();
    const checked = screen.getByTestId('medications-checked').textContent ?? '';
    expect(checked).toContain('You last checked this list on');
    expect(checked).toContain('Reviewed by Dr. Sarah Johnson');
    expect(await screen.findByText(MESSAGES.medsHistoryEmpty)).toBeTruthy();
  });

  it('shows the empty state, and a failed load with Retry', async () => {
    mockApi(listOf());
    const first = renderWithQuery(<MedicationsTab uid="p1" />);
    expect(await screen.findByText(MESSAGES.medsEmpty)).toBeTruthy();
    first.unmount();
    jest.spyOn(api, 'listMedications').mockRejectedValue(new Error('offline'));
    renderWithQuery(<MedicationsTab uid="p1" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('offline');
    expect(within(alert).getByRole('button', { name: MESSAGES.retry })).toBeTruthy();
  });

  it('marks a doctor’s entry as waiting and confirms it with one button', async () => {
    mockApi(listOf({ current: [fromDoctor] }));
    const confirm = jest
      .spyOn(api, 'confirmMedication')
      .mockResolvedValue({ ...fromDoctor, confirmedAt: 'now' });
    renderWithQuery(<MedicationsTab uid="p1" />);
    const card = within(await screen.findByTestId('medication-card'));
    expect(card.getByText(MESSAGES.medsWaiting)).toBeTruthy();
    expect(card.getByText(MESSAGES.medsSourceDoctor)).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Confirm: Metformin' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith('p1', 'm2'));
  });

  it('confirms a drug proposal from the intake through the prefilled form, with its key', async () => {
    mockApi(listOf({ proposals: [drugProposal, classProposal] }));
    const add = jest.spyOn(api, 'addMedication').mockResolvedValue(base);
    renderWithQuery(<MedicationsTab uid="p1" />);
    const proposals = within(await screen.findByTestId('medication-proposals'));
    expect(proposals.getByText('Blood pressure medicines — which one?')).toBeTruthy();
    fireEvent.click(proposals.getByRole('button', { name: 'Confirm: Amlodipine 5 mg' }));
    const form = within(await screen.findByTestId('medication-form'));
    expect((form.getByLabelText(MESSAGES.medsFormName) as HTMLInputElement).value).toBe('Amlodipine');
    expect((form.getByLabelText(MESSAGES.medsFormStrength) as HTMLInputElement).value).toBe('5 mg');
    fireEvent.click(form.getByRole('button', { name: MESSAGES.medsFormSave }));
    await waitFor(() =>
      expect(add).toHaveBeenCalledWith(
        'p1',
        expect.objectContaining({
          name: 'Amlodipine',
          medicineId: 'amlodipine',
          strength: '5 mg',
          frequency: 'once a day',
          proposalKey: 'intake:v1:0',
        }),
      ),
    );
    await waitFor(() => expect(screen.queryByTestId('medication-form')).toBeNull());
  });

  it('asks which medicine a kind of medicine is: an empty form, saved with the proposal’s key', async () => {
    mockApi(listOf({ proposals: [classProposal] }));
    const add = jest.spyOn(api, 'addMedication').mockResolvedValue(base);
    renderWithQuery(<MedicationsTab uid="p1" />);
    fireEvent.click(
      await screen.findByRole('button', {
        name: `${MESSAGES.medsProposalChoose}: Blood pressure medicines — which one?`,
      }),
    );
    const form = within(await screen.findByRole('dialog', { name: 'Blood pressure medicines — which one?' }));
    expect((form.getByLabelText(MESSAGES.medsFormName) as HTMLInputElement).value).toBe('');
    fireEvent.change(form.getByLabelText(MESSAGES.medsFormName), { target: { value: 'Amlodipine' } });
    fireEvent.click(form.getByRole('button', { name: MESSAGES.medsFormSave }));
    await waitFor(() =>
      expect(add).toHaveBeenCalledWith(
        'p1',
        expect.objectContaining({
          name: 'Amlodipine',
          conditionKey: 'hypertension',
          proposalKey: 'intake:v1:1',
        }),
      ),
    );
  });

  it('dismisses a proposal the patient does not take', async () => {
    mockApi(listOf({ proposals: [classProposal] }));
    const dismiss = jest.spyOn(api, 'dismissMedicationProposal').mockResolvedValue(undefined);
    renderWithQuery(<MedicationsTab uid="p1" />);
    fireEvent.click(
      await screen.findByRole('button', {
        name: `${MESSAGES.medsProposalDismiss}: Blood pressure medicines — which one?`,
      }),
    );
    await waitFor(() => expect(dismiss).toHaveBeenCalledWith('p1', 'intake:v1:1'));
  });

  it('adds from the list by brand name, or keeps a free-text name; the name is required', async () => {
    mockApi(listOf());
    const add = jest.spyOn(api, 'addMedication').mockResolvedValue(base);
    renderWithQuery(<MedicationsTab uid="p1" />);
    fireEvent.click(await screen.findByRole('button', { name: MESSAGES.medsAdd }));
    let form = within(await screen.findByTestId('medication-form'));
    fireEvent.click(form.getByRole('button', { name: MESSAGES.medsFormSave }));
    expect(form.getByRole('alert').textContent).toBe(MESSAGES.medsFormNameRequired);
    expect(add).not.toHaveBeenCalled();

    fireEvent.change(form.getByLabelText(MESSAGES.medsFormName), { target: { value: 'norvasc' } });
    const suggestions = within(form.getByRole('list', { name: MESSAGES.medsSuggestionsLabel }));
    fireEvent.click(suggestions.getByRole('button', { name: 'Amlodipine (Norvasc)' }));
    expect(form.getByText('From the list of common medicines: Amlodipine')).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: MESSAGES.medsFormSave }));
    await waitFor(() =>
      expect(add).toHaveBeenLastCalledWith(
        'p1',
        expect.objectContaining({
          name: 'Amlodipine',
          medicineId: 'amlodipine',
          strength: '5 mg',
          form: 'tablet',
        }),
      ),
    );

    await waitFor(() => expect(screen.queryByTestId('medication-form')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.medsAdd }));
    form = within(await screen.findByTestId('medication-form'));
    fireEvent.change(form.getByLabelText(MESSAGES.medsFormName), {
      target: { value: 'Grandma’s herbal tea' },
    });
    expect(form.queryByRole('list', { name: MESSAGES.medsSuggestionsLabel })).toBeNull();
    fireEvent.click(form.getByRole('button', { name: MESSAGES.medsFormSave }));
    await waitFor(() =>
      expect(add).toHaveBeenLastCalledWith(
        'p1',
        expect.objectContaining({ name: 'Grandma’s herbal tea', medicineId: null, strength: null }),
      ),
    );
  });

  it('keeps a form open on a stray tap beside it; Escape or Cancel close it', async () => {
    mockApi(listOf());
    renderWithQuery(<MedicationsTab uid="p1" />);
    fireEvent.click(await screen.findByRole('button', { name: MESSAGES.medsAdd }));
    const panel = await screen.findByTestId('medication-form');
    fireEvent.change(within(panel).getByLabelText(MESSAGES.medsFormName), { target: { value: 'Aspirin' } });
    fireEvent.mouseDown(panel.closest('dialog')!);
    expect(screen.getByTestId('medication-form')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: MESSAGES.medsFormCancel }));
    await waitFor(() => expect(screen.queryByTestId('medication-form')).toBeNull());
  });

  it('stops a medicine on a date with a reason, on the version shown', async () => {
    mockApi(listOf({ current: [base] }));
    const setStatus = jest
      .spyOn(api, 'setMedicationStatus')
      .mockResolvedValue({ ...base, status: 'stopped' });
    renderWithQuery(<MedicationsTab uid="p1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Stop: Lisinopril' }));
    const dialog = within(await screen.findByTestId('medication-status'));
    expect((dialog.getByLabelText(MESSAGES.medsStatusOn) as HTMLInputElement).value).toBe(localToday());
    fireEvent.change(dialog.getByLabelText(MESSAGES.medsStatusWhy), { target: { value: 'Dry cough' } });
    fireEvent.click(dialog.getByRole('button', { name: MESSAGES.medsStop }));
    await waitFor(() =>
      expect(setStatus).toHaveBeenCalledWith('p1', 'm1', {
        status: 'stopped',
        on: localToday(),
        reason: 'Dry cough',
        version: 3,
      }),
    );
  });

  it('keeps the dialog open with the server’s message when a change fails', async () => {
    mockApi(listOf({ current: [base] }));
    jest.spyOn(api, 'setMedicationStatus').mockRejectedValue(new Error('Changed elsewhere'));
    renderWithQuery(<MedicationsTab uid="p1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pause: Lisinopril' }));
    const dialog = within(await screen.findByTestId('medication-status'));
    fireEvent.click(dialog.getByRole('button', { name: MESSAGES.medsPause }));
    expect((await dialog.findByRole('alert')).textContent).toContain('Changed elsewhere');
  });

  it('sets a refill reminder: days before the day the patient runs out', async () => {
    mockApi(listOf({ current: [base] }));
    const remind = jest.spyOn(api, 'setMedicationReminder').mockResolvedValue(base);
    renderWithQuery(<MedicationsTab uid="p1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reminder: Lisinopril' }));
    const dialog = within(await screen.findByTestId('medication-reminder'));
    fireEvent.click(dialog.getByLabelText(MESSAGES.medsReminderRefill));
    fireEvent.click(dialog.getByRole('button', { name: MESSAGES.medsFormSave }));
    expect(dialog.getByRole('alert').textContent).toBe(MESSAGES.medsReminderNeedsDate);
    fireEvent.change(dialog.getByLabelText(MESSAGES.medsReminderRunsOut), {
      target: { value: '2030-01-15' },
    });
    fireEvent.change(dialog.getByLabelText(MESSAGES.medsReminderDaysBefore), { target: { value: '5' } });
    fireEvent.click(dialog.getByRole('button', { name: MESSAGES.medsFormSave }));
    await waitFor(() =>
      expect(remind).toHaveBeenCalledWith('p1', 'm1', {
        reminder: { kind: 'refill', runsOutOn: '2030-01-15', daysBefore: 5 },
        version: 3,
      }),
    );
  });

  it('asks before deleting, and deletes only on yes', async () => {
    mockApi(listOf({ current: [base] }));
    const remove = jest.spyOn(api, 'deleteMedication').mockResolvedValue(undefined);
    renderWithQuery(<MedicationsTab uid="p1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete: Lisinopril' }));
    await waitFor(() => expect(dialogStore.getState().dialogs).toHaveLength(1));
    expect(remove).not.toHaveBeenCalled();
    act(() => dialogStore.getState().close(dialogStore.getState().dialogs[0]!.id, true));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('p1', 'm1'));
  });

  it('pages through past medicines with Show more', async () => {
    jest.spyOn(api, 'listMedications').mockResolvedValue(listOf());
    const stopped = {
      ...base,
      status: 'stopped' as const,
      statusOn: '2025-01-02',
      statusReason: 'Dry cough',
    };
    const history = jest
      .spyOn(api, 'medicationHistory')
      .mockResolvedValueOnce({ items: [stopped], nextCursor: 'c1' })
      .mockResolvedValueOnce({ items: [{ ...stopped, id: 'm9', name: 'Ramipril' }], nextCursor: null });
    renderWithQuery(<MedicationsTab uid="p1" />);
    const past = await screen.findByTestId('medication-past');
    expect(past.textContent).toContain('Stopped on');
    expect(past.textContent).toContain('Dry cough');
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.medsHistoryMore }));
    expect(await screen.findByText('Ramipril')).toBeTruthy();
    expect(history).toHaveBeenLastCalledWith('p1', 'c1');
    expect(screen.queryByRole('button', { name: MESSAGES.medsHistoryMore })).toBeNull();
  });
});
