import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, MESSAGES, api, formatMessage, notify, type ProviderAppointment } from '@medora/shared';
import { providerKeys } from '@medora/shared/query';
import { renderWithQuery } from '../../../test-utils/render-with-query';
import { fixClock } from '../../../test-utils/fixed-clock';
import { AppointmentCard } from './appointment-card';

const HOUR = 60 * 60 * 1000;
const now = Date.parse('2026-11-24T12:00:00Z');
// The card compares start times with the clock: the fixtures below are relative to this "now".
fixClock(now);

function appointment(over: Partial<ProviderAppointment> = {}): ProviderAppointment {
  return {
    id: 'a1',
    date: '2026-11-25 at 09:00 AM',
    startsAt: new Date(now + 24 * HOUR).toISOString(),
    status: 'Scheduled',
    notes: 'Checkup',
    prescriptionUrl: null,
    patient: { uid: 'p1', name: 'Casey', email: 'c@x.test', headline: { redFlags: [], complaints: [] } },
    closedAt: null,
    ...over,
  };
}

afterEach(() => jest.restoreAllMocks());

describe('AppointmentCard', () => {
  it('says where a rescheduled appointment came from, and nothing for others', () => {
    const { unmount } = renderWithQuery(
      <AppointmentCard
        appointment={appointment({
          rescheduledFrom: '2026-11-26T15:00:00.000Z',
          timeZone: 'America/Chicago',
        })}
      />,
    );
    expect(screen.getByTestId('rescheduled-from').textContent).toBe(
      'Rescheduled from Thu 26 Nov 2026, 9:00 AM CST',
    );
    unmount();
    renderWithQuery(<AppointmentCard appointment={appointment()} />);
    expect(screen.queryByTestId('rescheduled-from')).toBeNull();
  });

  it('shows no health data on a cancelled card, with the doctor’s reason', () => {
    renderWithQuery(
      <AppointmentCard
        appointment={appointment({
          status: 'Cancelled',
          cancelledBy: 'doctor',
          cancelReason: 'Clinic closed',
          patient: { uid: 'p1', name: null, email: null, headline: null },
        })}
      />,
    );
    expect(screen.queryByText('Intake details')).toBeNull();
    expect(screen.getByText(new RegExp(MESSAGES.cancelledNoHealthData))).toBeTruthy();
    expect(screen.getByText(/Clinic closed/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: MESSAGES.markCompleted })).toBeNull();
  });

  it('asks for a reason in a dialog that takes focus and closes on Escape, then cancels', async () => {
    const cancel = jest
      .spyOn(api, 'doctorCancelAppointment')
      .mockResolvedValue({ id: 'a1', status: 'Cancelled' });
    const { client } = renderWithQuery(<AppointmentCard appointment={appointment()} />);
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    expect(screen.queryByRole('button', { name: MESSAGES.markCompleted })).toBeNull();
    const open = screen.getByRole('button', { name: MESSAGES.doctorCancelConfirm });
    open.focus();
    fireEvent.click(open);
    const field = screen.getByLabelText(MESSAGES.doctorCancelReasonLabel);
    expect(document.activeElement).toBe(field);
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: MESSAGES.doctorCancelConfirm }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel the appointment with Casey' });
    // The dialog is a native <dialog>; the form inside it is what submits.
    fireEvent.submit(dialog.querySelector('form')!);
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.cancelReasonRequired);
    expect(cancel).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(MESSAGES.doctorCancelReasonLabel), {
      target: { value: ' Clinic closed ' },
    });
    fireEvent.submit(screen.getByRole('dialog').querySelector('form')!);
    // The cancellation reloads the doctor's lists and counters.
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: providerKeys.all }));
    expect(cancel).toHaveBeenCalledWith('a1', 'Clinic closed');
  });

  it('marks a started visit through a mutation and shows a failure as a toast', async () => {
    const set = jest
      .spyOn(api, 'setAppointmentStatus')
      .mockRejectedValueOnce(new ApiError(409, 'The visit has not started yet.'))
      .mockResolvedValueOnce({ id: 'a1', status: 'No-Show' });
    const error = jest.spyOn(notify, 'error');
    const success = jest.spyOn(notify, 'success');
    const started = appointment({ startsAt: new Date(Date.now() - HOUR).toISOString() });
    const { client } = renderWithQuery(<AppointmentCard appointment={started} />);
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.markCompleted }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('The visit has not started yet.'));
    expect(set).toHaveBeenCalledWith('a1', 'Completed');
    expect(invalidate).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: MESSAGES.markNoShow }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Casey: No-Show'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: providerKeys.all });
  });
});

describe('AppointmentCard: the doctor’s day', () => {
  const summary = {
    engine: 'deterministic' as const,
    generatedAt: '2026-11-24T12:00:00.000Z',
    redFlags: ['Chest pain'],
    sections: [{ title: 'Symptoms', lines: ['Cough for 3 days'] }],
    disclaimer: 'Not a diagnosis.',
    text: '',
  };
  const headline = { redFlags: ['Chest pain'], complaints: ['Cough for 3 days'] };

  it('shows a readable date and the summary headline; the summary loads when opened', async () => {
    const load = jest
      .spyOn(api, 'providerAppointmentIntake')
      .mockResolvedValue({ appointmentId: 'a1', patientUid: 'p1', summary, intake: { allergies: 'Pollen' } });
    renderWithQuery(
      <AppointmentCard
        appointment={appointment({
          startsAt: '2026-11-27T17:30:00.000Z',
          timeZone: 'America/Chicago',
          patient: { uid: 'p1', name: 'Casey', email: null, headline },
        })}
      />,
    );
    expect(screen.getByRole('article').getAttribute('aria-label')).toBe(
      'Appointment with Casey on Fri 27 Nov, 11:30 AM CST',
    );
    expect(screen.getByText('Fri 27 Nov, 11:30 AM CST')).toBeTruthy();
    expect(screen.getByTestId('summary-headline').textContent).toBe('Chief complaints: Cough for 3 days');
    const toggle = screen.getByText(MESSAGES.providerSummaryToggle).closest('details')!;
    expect(toggle.open).toBe(false);
    expect(toggle.querySelector('summary')!.textContent).toContain('1 red flag');
    // Nothing of the record is fetched until the doctor opens the card.
    expect(load).not.toHaveBeenCalled();
    fireEvent.click(toggle.querySelector('summary')!);
    expect(toggle.open).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.providerIntakeLoading);
    expect((await screen.findByRole('region', { name: 'Summary of Casey' })).textContent).toContain(
      'Cough for 3 days',
    );
    // The intake details come from the same request.
    fireEvent.click(screen.getByText(MESSAGES.providerIntakeDetails));
    expect(await screen.findByText('Pollen')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('a1');
  });

  it('shows each flag with urgency, evidence and guidance, the crisis marker, and marks an earlier flag reviewed', async () => {
    const flagged = {
      ...summary,
      redFlags: ['Recent thoughts of self-harm: assess safety today.'],
      crisis: true,
      flags: [
        {
          id: 'suicide-thoughts',
          concept: 'suicide-risk' as const,
          urgency: 'same-day' as const,
          message: 'Recent thoughts of self-harm: assess safety today.',
          evidence: [
            {
              field: 'symptomsOther',
              label: 'Please describe your other symptom.',
              answer: 'In the patient’s words: “better off dead”',
            },
          ],
          source: 'NICE NG225 1.5',
          crisis: true,
        },
      ],
      freeTextFields: ['symptomsOther'],
      previousFlags: [
        {
          id: 'acs',
          concept: 'cardiac-chest-pain' as const,
          urgency: 'emergency' as const,
          message: 'Chest pain with cardiac features: assess now.',
          evidence: [],
          source: 'NICE CG95 1.1',
          visitId: 'v0',
          visitedAt: '2026-11-01T10:00:00.000Z',
        },
      ],
    };
    jest
      .spyOn(api, 'providerAppointmentIntake')
      .mockResolvedValue({ appointmentId: 'a1', patientUid: 'p1', summary: flagged, intake: {} });
    const review = jest
      .spyOn(api, 'reviewFlag')
      .mockResolvedValue({ visitId: 'v0', flagId: 'acs', reviewedAt: '2026-11-24T12:00:00.000Z' });
    renderWithQuery(
      <AppointmentCard
        appointment={appointment({
          patient: {
            uid: 'p1',
            name: 'Casey',
            email: null,
            headline: { redFlags: flagged.redFlags, complaints: [], topUrgency: 'same-day', crisis: true },
          },
        })}
      />,
    );
    const toggle = screen.getByText(MESSAGES.providerSummaryToggle).closest('details')!;
    expect(toggle.querySelector('summary')!.textContent).toContain('Most urgent: Same day');
    expect(toggle.querySelector('summary')!.textContent).toContain(MESSAGES.providerCrisisMarker);
    fireEvent.click(toggle.querySelector('summary')!);
    const flag = (await screen.findAllByTestId('provider-flag'))[0]!;
    expect(flag.textContent).toContain('Urgency: Same day');
    expect(flag.textContent).toContain(
      'Please describe your other symptom. — In the patient’s words: “better off dead”',
    );
    expect(flag.textContent).toContain('Guidance: NICE NG225 1.5');
    expect(screen.getByTestId('provider-crisis').textContent).toBe(MESSAGES.providerCrisisMarker);
    fireEvent.click(
      screen.getByRole('button', { name: 'Mark reviewed: Chest pain with cardiac features: assess now.' }),
    );
    await waitFor(() => expect(review).toHaveBeenCalledWith('p1', 'v0', 'acs'));
  });

  it('says why the summary could not load, and loads it on retry', async () => {
    const load = jest
      .spyOn(api, 'providerAppointmentIntake')
      .mockRejectedValueOnce(new ApiError(403, MESSAGES.cancelledNoHealthData))
      .mockResolvedValueOnce({ appointmentId: 'a1', patientUid: 'p1', summary, intake: null });
    renderWithQuery(
      <AppointmentCard
        appointment={appointment({ patient: { uid: 'p1', name: 'Casey', email: null, headline } })}
      />,
    );
    fireEvent.click(screen.getByText(MESSAGES.providerSummaryToggle));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      formatMessage('providerIntakeFailed', { reason: MESSAGES.cancelledNoHealthData }),
    );
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.providerIntakeRetry }));
    expect(await screen.findByRole('region', { name: 'Summary of Casey' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says from when an upcoming visit can be closed, and until when a close can be undone', () => {
    const { unmount } = renderWithQuery(
      <AppointmentCard
        appointment={appointment({ startsAt: '2099-11-27T17:30:00.000Z', timeZone: 'America/Chicago' })}
      />,
    );
    expect(screen.queryByRole('button', { name: MESSAGES.markCompleted })).toBeNull();
    expect(screen.getByTestId('close-from').textContent).toBe(
      formatMessage('providerCloseFrom', { time: 'Fri 27 Nov, 11:30 AM CST' }),
    );
    unmount();
    const closedAt = new Date(Date.now() - HOUR).toISOString();
    renderWithQuery(
      <AppointmentCard
        appointment={appointment({
          status: 'Completed',
          startsAt: new Date(Date.now() - 2 * HOUR).toISOString(),
          closedAt,
        })}
      />,
    );
    expect(screen.getByRole('button', { name: 'Undo Completed' })).toBeTruthy();
    expect(screen.getByTestId('undo-until').textContent).toMatch(/^You can undo this until /);
    expect(screen.queryByTestId('close-from')).toBeNull();
  });

  it('names a refused prescription file on the card and clears it once an upload works', async () => {
    const upload = jest.spyOn(api, 'uploadPrescription').mockResolvedValue({} as never);
    const success = jest.spyOn(notify, 'success').mockImplementation(() => undefined as never);
    renderWithQuery(<AppointmentCard appointment={appointment()} />);
    const input = screen.getByLabelText(MESSAGES.providerAttachPrescription);
    fireEvent.change(input, { target: { files: [new File(['just text'], 'rx.pdf')] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      formatMessage('credentialFileRefused', { name: 'rx.pdf' }),
    );
    expect(upload).not.toHaveBeenCalled();
    fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.4'], 'rx2.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(success).toHaveBeenCalled());
    expect(upload).toHaveBeenCalledWith('a1', expect.any(File), 'rx2.pdf');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names the file when the server refuses the prescription', async () => {
    jest
      .spyOn(api, 'uploadPrescription')
      .mockRejectedValue(new ApiError(400, 'The file is not what its name says.'));
    renderWithQuery(<AppointmentCard appointment={appointment()} />);
    fireEvent.change(screen.getByLabelText(MESSAGES.providerAttachPrescription), {
      target: { files: [new File(['%PDF-1.4'], 'rx3.pdf', { type: 'application/pdf' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      formatMessage('providerPrescriptionFailed', {
        name: 'rx3.pdf',
        message: 'The file is not what its name says.',
      }),
    );
  });

  it('previews the prescription in a dialog and downloads it without opening a tab', async () => {
    const file = { blob: new Blob(['%PDF-1.4']), fileName: 'rx.pdf', contentType: 'application/pdf' };
    const load = jest.spyOn(api, 'prescriptionFile').mockResolvedValue(file);
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const create = jest.fn(() => 'blob:preview');
    const revoke = jest.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithQuery(
      <AppointmentCard
        appointment={appointment({
          startsAt: new Date(Date.now() - HOUR).toISOString(),
          prescriptionUrl: '/api/appointments/a1/prescription',
        })}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.providerViewPrescription }));
    const dialog = screen.getByRole('dialog', { name: 'Prescription for Casey' });
    await waitFor(() => expect(dialog.querySelector('iframe')?.getAttribute('src')).toBe('blob:preview'));
    expect(dialog.querySelector('iframe')?.getAttribute('data-content-type')).toBe('application/pdf');
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.closeButton }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: MESSAGES.providerDownloadPrescription }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const anchor = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(anchor.download).toBe('rx.pdf');
    expect(load).toHaveBeenCalledTimes(2);
    expect(open).not.toHaveBeenCalled();
  });

  describe('the patient’s documents', () => {
    const docs = [
      {
        id: 'd1',
        name: 'blood-test.pdf',
        type: 'Medical Report',
        uploadedAt: '2026-11-20T10:00:00.000Z',
        fileUrl: '/patients/p1/documents/d1/file',
        contentType: 'application/pdf',
        size: 2048,
        hasFile: true,
      },
      {
        id: 'd2',
        name: 'old-letter.pdf',
        type: 'chronicConditions',
        uploadedAt: '2026-11-21T10:00:00.000Z',
        fileUrl: '',
        contentType: null,
        size: null,
        hasFile: false,
      },
    ];

    it('lists them when opened, views one in the page and downloads it, all through the patient’s routes', async () => {
      const list = jest.spyOn(api, 'listDocuments').mockResolvedValue(docs);
      const file = {
        blob: new Blob(['%PDF-1.4']),
        fileName: 'blood-test.pdf',
        contentType: 'application/pdf',
      };
      const load = jest.spyOn(api, 'downloadDocument').mockResolvedValue(file);
      Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:doc'), revokeObjectURL: jest.fn() });
      const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      // A card without an intake still shows the documents.
      renderWithQuery(
        <AppointmentCard
          appointment={appointment({ patient: { uid: 'p1', name: 'Casey', email: null, headline: null } })}
        />,
      );
      const toggle = screen.getByText(MESSAGES.providerDocumentsToggle).closest('details')!;
      // Nothing is listed (and audited) until the doctor opens the section.
      expect(list).not.toHaveBeenCalled();
      fireEvent.click(toggle.querySelector('summary')!);
      const listed = await screen.findByRole('list', { name: 'Documents of Casey' });
      expect(list).toHaveBeenCalledWith('p1');
      const items = within(listed).getAllByRole('listitem');
      expect(items).toHaveLength(2);
      expect(items[0]!.textContent).toContain('blood-test.pdf');
      expect(items[0]!.textContent).toContain('Medical report');
      expect(items[0]!.textContent).toContain('2.0 KB');
      // A name-only record says so and offers nothing to open.
      expect(items[1]!.textContent).toContain(MESSAGES.providerDocumentNoFile);
      expect(within(items[1]!).queryAllByRole('button')).toHaveLength(0);

      fireEvent.click(screen.getByRole('button', { name: 'View: blood-test.pdf' }));
      const dialog = screen.getByRole('dialog', { name: 'blood-test.pdf' });
      await waitFor(() => expect(dialog.querySelector('iframe')?.getAttribute('src')).toBe('blob:doc'));
      expect(load).toHaveBeenCalledWith('p1', 'd1');
      fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.closeButton }));
      expect(screen.queryByRole('dialog')).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'Download: blood-test.pdf' }));
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('blood-test.pdf');
      expect(load).toHaveBeenCalledTimes(2);
    });

    it('says when there are none, and shows a failure with a retry', async () => {
      const list = jest
        .spyOn(api, 'listDocuments')
        .mockRejectedValueOnce(new ApiError(403, MESSAGES.forbidden))
        .mockResolvedValueOnce([]);
      renderWithQuery(<AppointmentCard appointment={appointment()} />);
      fireEvent.click(screen.getByText(MESSAGES.providerDocumentsToggle));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(
        formatMessage('providerDocumentsFailed', { reason: MESSAGES.forbidden }),
      );
      fireEvent.click(within(alert).getByRole('button', { name: MESSAGES.providerIntakeRetry }));
      expect(await screen.findByText(MESSAGES.providerNoDocuments)).toBeTruthy();
      expect(list).toHaveBeenCalledTimes(2);
    });

    it('offers no documents on a cancelled card', () => {
      const list = jest.spyOn(api, 'listDocuments');
      renderWithQuery(<AppointmentCard appointment={appointment({ status: 'Cancelled' })} />);
      expect(screen.queryByText(MESSAGES.providerDocumentsToggle)).toBeNull();
      expect(list).not.toHaveBeenCalled();
    });
  });
});
