import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  MESSAGES,
  api,
  type Medication,
  type MedicationListResponse,
  type ProviderAppointment,
} from '@medora/shared';
import { renderWithQuery } from '../../../test-utils/render-with-query';
import { AppointmentCard } from './appointment-card';
import { PatientMedications } from './patient-medications';

const med: Medication = {
  id: 'm1',
  patientUid: 'p1',
  name: 'Lisinopril',
  medicineId: null,
  strength: '10 mg',
  form: 'tablet',
  dose: '1 tablet',
  frequency: 'once a day',
  startedOn: null,
  startedText: null,
  reason: null,
  conditionKey: null,
  prescriber: null,
  prescriberUid: null,
  status: 'taking',
  statusOn: null,
  statusReason: null,
  notes: null,
  source: 'patient',
  confirmedAt: '2026-11-01T10:00:00Z',
  reminder: { kind: 'off' },
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  version: 1,
};
const LIST: MedicationListResponse = {
  current: [
    med,
    { ...med, id: 'm2', name: 'Metformin', strength: null, form: null, dose: null, confirmedAt: null },
  ],
  proposals: [],
  lastConfirmedAt: '2026-11-20T15:00:00Z',
  lastReview: null,
};

afterEach(() => jest.restoreAllMocks());

describe('PatientMedications (the doctor’s view)', () => {
  it('lists the medicines with the last confirmation, and marks the list reviewed at this visit', async () => {
    jest.spyOn(api, 'listMedications').mockResolvedValue(LIST);
    const review = jest.spyOn(api, 'reviewMedications').mockResolvedValue({
      ...LIST,
      lastReview: {
        reviewedAt: '2026-11-24T12:00:00Z',
        doctorUid: 'd1',
        doctorName: 'Dr. Sarah Johnson',
        appointmentId: 'a1',
      },
    });
    renderWithQuery(<PatientMedications patientUid="p1" who="Casey" appointmentId="a1" canReview />);
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.providerMedicinesLoading);
    const list = within(await screen.findByRole('list', { name: 'Medicines of Casey' }));
    expect(list.getByText('Lisinopril 10 mg tablet')).toBeTruthy();
    expect(list.getByText('1 tablet, once a day')).toBeTruthy();
    expect(list.getAllByText(MESSAGES.providerMedicinesWaiting)).toHaveLength(1);
    const note = screen.getByTestId('medications-confirmed');
    expect(note.textContent).toMatch(/^Last confirmed by the patient on \w{3} 20 Nov 2026\./);
    expect(note.textContent).toContain(MESSAGES.providerMedicinesNoReview);
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.providerMedicinesReview }));
    await waitFor(() => expect(review).toHaveBeenCalledWith('p1', 'a1'));
    await waitFor(() => expect(note.textContent).toContain('Last reviewed by Dr. Sarah Johnson on'));
  });

  it('says when the patient has none, and shows a failed load with Retry', async () => {
    jest.spyOn(api, 'listMedications').mockResolvedValue({ ...LIST, current: [], lastConfirmedAt: null });
    const { unmount } = renderWithQuery(
      <PatientMedications patientUid="p1" who="Casey" appointmentId="a1" canReview={false} />,
    );
    expect(await screen.findByText(MESSAGES.providerMedicinesEmpty)).toBeTruthy();
    expect(screen.getByTestId('medications-confirmed').textContent).toContain(
      MESSAGES.providerMedicinesNeverConfirmed,
    );
    expect(screen.queryByRole('button', { name: MESSAGES.providerMedicinesReview })).toBeNull();
    unmount();
    jest.spyOn(api, 'listMedications').mockRejectedValue(new Error('Forbidden'));
    renderWithQuery(<PatientMedications patientUid="p1" who="Casey" appointmentId="a1" canReview />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Forbidden');
    expect(within(alert).getByRole('button', { name: MESSAGES.providerIntakeRetry })).toBeTruthy();
  });
});

describe('Add to the patient’s medicines (from the prescription)', () => {
  const card: ProviderAppointment = {
    id: '6f1c2a3b-0000-4000-8000-000000000001',
    date: '2026-11-25 at 09:00 AM',
    startsAt: '2026-11-25T14:00:00.000Z',
    status: 'Scheduled',
    notes: 'Checkup',
    prescriptionUrl: '/api/appointments/x/prescription',
    patient: { uid: 'p1', name: 'Casey', email: 'c@x.test', headline: { redFlags: [], complaints: [] } },
    closedAt: null,
  };

  it('sends the medicine with the visit, so it waits for the patient’s confirmation', async () => {
    const add = jest
      .spyOn(api, 'addMedication')
      .mockResolvedValue({ ...med, source: 'doctor', confirmedAt: null });
    renderWithQuery(<AppointmentCard appointment={card} />);
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.providerAddToMedicines }));
    // The dialog's code loads when it first opens.
    const dialog = within(await screen.findByTestId('add-medication-dialog'));
    fireEvent.click(dialog.getByRole('button', { name: MESSAGES.medsFormSave }));
    expect(dialog.getByRole('alert').textContent).toBe(MESSAGES.medsFormNameRequired);
    fireEvent.change(dialog.getByLabelText(MESSAGES.medsFormName), { target: { value: 'Amoxicillin' } });
    fireEvent.change(dialog.getByLabelText(MESSAGES.medsFormDose), { target: { value: '500 mg' } });
    fireEvent.click(dialog.getByRole('button', { name: MESSAGES.medsFormSave }));
    await waitFor(() =>
      expect(add).toHaveBeenCalledWith('p1', {
        name: 'Amoxicillin',
        strength: null,
        dose: '500 mg',
        frequency: null,
        notes: null,
        appointmentId: card.id,
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('add-medication-dialog')).toBeNull());
  });

  it('offers it only where there is a prescription', () => {
    renderWithQuery(<AppointmentCard appointment={{ ...card, prescriptionUrl: null }} />);
    expect(screen.queryByRole('button', { name: MESSAGES.providerAddToMedicines })).toBeNull();
  });
});
