import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithQuery } from '../../../test-utils/render-with-query';
import {
  ApiError,
  MESSAGES,
  api,
  authStore,
  availableDates,
  conditionFilterSpecialties,
  dateLabel,
  formatSlot,
  freeSlotDays,
  toastStore,
  type Appointment,
  type DoctorListingItem,
  type DoctorSearchParams,
  type TakenSlots,
} from '@medora/shared';
import { appointmentKeys } from '@medora/shared/query';
import { useBookingDraft } from '../stores/booking-draft-store';
import { BookingFlow } from './booking-flow';

const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const doctor = (over: Partial<DoctorListingItem> = {}): DoctorListingItem => ({
  id: '7b0e6d8e-3c1f-4c53-9a52-2f1f1a7f0c11',
  name: 'Dr. Michael Chen',
  specialty: 'General Medicine',
  clinic: 'City Medical Clinic',
  timeZone: 'America/New_York',
  schedule: {
    availableDays: everyDay,
    timeSlots: Object.fromEntries(everyDay.map((d) => [d, ['09:00 AM', '10:30 AM', '02:00 PM']])),
  },
  visitCount: 2,
  lastVisitDate: '2026-10-01 at 09:00 AM',
  nextFreeSlot: null,
  ...over,
});

/**
 * A stand-in for the server's search: specialty, name/clinic text and the chronic-condition
 * filter ("if nothing matches, all doctors"), one page; and each doctor's free slots from its schedule
 * minus `taken` (by doctor id), by the shared rule the server uses.
 */
function mockDoctors(doctors: DoctorListingItem[], taken: Record<string, TakenSlots> = {}) {
  jest.spyOn(api, 'doctorSlots').mockImplementation((id, from, to) => {
    const d = doctors.find((x) => x.id === id)!;
    return Promise.resolve({
      doctorId: id,
      timeZone: d.timeZone,
      from,
      to,
      days: freeSlotDays(d.schedule, { timeZone: d.timeZone, taken: taken[id], from, to }),
    });
  });
  return jest.spyOn(api, 'doctorsWithContext').mockImplementation((_uid, search: DoctorSearchParams = {}) => {
    const wanted = conditionFilterSpecialties(search.conditions ?? []);
    const q = (search.q ?? '').toLowerCase();
    const matching = doctors.filter((d) => !wanted || wanted.includes(d.specialty));
    const listed = (wanted && matching.length > 0 ? matching : doctors).filter(
      (d) =>
        (!search.specialty || d.specialty === search.specialty) &&
        `${d.name} ${d.clinic}`.toLowerCase().includes(q),
    );
    return Promise.resolve({ doctors: listed, lastDoctorName: null, totalAppointments: 0, nextCursor: null });
  });
}

const toasts = () => toastStore.getState().toasts.map((t) => `${t.kind}: ${t.text}`);

beforeEach(() => {
  jest.spyOn(api, 'getPatient').mockRejectedValue(new ApiError(404, 'Not found.'));
  jest.spyOn(api, 'listDoctors').mockRejectedValue(new ApiError(500, 'down'));
  authStore.getState().setUser({ uid: 'patient-1', email: 'p@test', emailVerified: true });
  toastStore.setState({ toasts: [] });
  useBookingDraft.getState().reset();
});
afterEach(() => jest.restoreAllMocks());

async function chooseFirstDateAndSlot(d: DoctorListingItem) {
  fireEvent.click(await screen.findByRole('button', { name: /Dr\. Michael Chen/ }));
  const first = availableDates(d.schedule, { timeZone: d.timeZone })[0]!;
  const dateButton = await screen.findByRole('button', { name: new RegExp(`^${dateLabel(first.date)}, `) });
  fireEvent.click(dateButton);
  return { first, dateButton };
}

describe('BookingFlow, page variant', () => {
  it('walks doctor → date → slot → confirm and books with the spec’s body', async () => {
    const d = doctor();
    mockDoctors([d]);
    let resolve!: (a: Appointment) => void;
    const create = jest
      .spyOn(api, 'createAppointment')
      .mockImplementation(() => new Promise<Appointment>((r) => (resolve = r)));
    const onBooked = jest.fn();
    renderWithQuery(<BookingFlow variant="page" onBooked={onBooked} />);

    const card = await screen.findByRole('button', { name: /Dr\. Michael Chen/ });
    expect(card.textContent).toContain('7 days/week');
    // Dates read with weekday and the clinic's zone.
    expect(card.textContent).toContain('Last visit: Thu 1 Oct 2026, 9:00 AM EDT');
    expect(card.getAttribute('aria-pressed')).toBe('false');

    const { first, dateButton } = await chooseFirstDateAndSlot(d);
    expect(dateButton.getAttribute('aria-label')).toBe(`${dateLabel(first.date)}, 3 slots`);
    expect(dateButton.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByRole('button', { name: /slots?$/ }).length).toBeLessThanOrEqual(14);

    fireEvent.click(screen.getByRole('button', { name: '10:30 AM' }));
    expect(screen.getByRole('button', { name: '10:30 AM' }).getAttribute('aria-pressed')).toBe('true');
    const notes = screen.getByLabelText(MESSAGES.bookingNotesLabel);
    // A placeholder, sent as the note only when the field is left empty.
    expect((notes as HTMLTextAreaElement).value).toBe('');
    expect(notes.getAttribute('placeholder')).toBe('Follow-up appointment');
    expect(notes.getAttribute('rows')).toBe('4');

    fireEvent.click(screen.getByRole('button', { name: 'Confirm Appointment' }));
    const busy = await screen.findByRole('button', { name: 'Booking...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({
        uid: 'patient-1',
        date: `${first.date} at 10:30 AM`,
        doctorId: d.id,
        doctor: d.name,
        clinic: d.clinic,
        specialty: d.specialty,
        notes: 'Follow-up appointment',
      }),
      expect.any(String),
    );
    const appointment = { id: 'a1', doctor: d.name, clinic: d.clinic } as Appointment;
    await act(async () => resolve(appointment));
    expect(onBooked).toHaveBeenCalledWith(appointment);
    expect(toasts()).toEqual([
      `success: Appointment booked successfully! Dr. Michael Chen on ${formatSlot(first.date, '10:30 AM', d.timeZone)}, City Medical Clinic.`,
    ]);
    expect(toasts()[0]).toMatch(/on (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} \w{3} \d{4}, 10:30 AM E[SD]T,/);
  });

  it('invalidates the appointments and the doctors’ taken slots after a booking (the bell is the shell’s)', async () => {
    const d = doctor();
    const doctors = mockDoctors([d]);
    jest
      .spyOn(api, 'createAppointment')
      .mockResolvedValue({ id: 'a1', doctor: d.name, clinic: d.clinic } as Appointment);
    const { client } = renderWithQuery(<BookingFlow variant="page" />);
    // What another screen of the page cached (the dashboard's list).
    client.setQueryData(appointmentKeys.list('patient-1'), []);
    await chooseFirstDateAndSlot(d);
    fireEvent.click(screen.getByRole('button', { name: '10:30 AM' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Appointment' }));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(client.getQueryState(appointmentKeys.list('patient-1'))?.isInvalidated).toBe(true);
    // The doctors (and their taken slots) are fetched again.
    expect(doctors).toHaveBeenCalledTimes(2);
  });

  it('clears the slot when another date is chosen', async () => {
    const d = doctor();
    mockDoctors([d]);
    renderWithQuery(<BookingFlow variant="page" />);
    await chooseFirstDateAndSlot(d);
    fireEvent.click(screen.getByRole('button', { name: '09:00 AM' }));
    const second = availableDates(d.schedule, { timeZone: d.timeZone })[1]!;
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${dateLabel(second.date)}, `) }));
    expect(screen.getByRole('button', { name: '09:00 AM' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('never offers a taken slot', async () => {
    const d = doctor();
    const first = availableDates(d.schedule, { timeZone: d.timeZone })[0]!;
    mockDoctors([d], { [d.id]: { [first.date]: ['10:30 AM'] } });
    renderWithQuery(<BookingFlow variant="page" />);
    const { dateButton } = await chooseFirstDateAndSlot(d);
    expect(dateButton.getAttribute('aria-label')).toMatch(/, 2 slots$/);
    expect(screen.queryByRole('button', { name: '10:30 AM' })).toBeNull();
  });

  it('asks for doctor, date and slot before booking', async () => {
    mockDoctors([doctor()]);
    const create = jest.spyOn(api, 'createAppointment');
    renderWithQuery(<BookingFlow variant="page" />);
    await screen.findByRole('button', { name: /Dr\. Michael Chen/ });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Appointment' }));
    expect(toasts()).toEqual([`error: ${MESSAGES.bookingSelectionRequired}`]);
    expect(create).not.toHaveBeenCalled();
  });

  it('shows the error and enables the button again when booking fails', async () => {
    const d = doctor();
    mockDoctors([d]);
    jest.spyOn(api, 'createAppointment').mockRejectedValue(new ApiError(409, MESSAGES.appointmentSlotTaken));
    renderWithQuery(<BookingFlow variant="page" />);
    await chooseFirstDateAndSlot(d);
    fireEvent.click(screen.getByRole('button', { name: '09:00 AM' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Appointment' }));
    await waitFor(() =>
      expect(toasts()).toEqual([`error: Error booking appointment: ${MESSAGES.appointmentSlotTaken}`]),
    );
    const button = screen.getByRole('button', { name: 'Confirm Appointment' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    // The taken slot is dropped from the selection and the list is fetched again.
    expect(useBookingDraft.getState().slot).toBeNull();
  });

  it('shows the page texts of the empty states', async () => {
    const noDays = doctor({ schedule: { availableDays: [], timeSlots: {} } });
    mockDoctors([noDays]);
    renderWithQuery(<BookingFlow variant="page" />);
    fireEvent.click(await screen.findByRole('button', { name: /Dr\. Michael Chen/ }));
    expect(
      await screen.findByText(
        'No available dates found for Dr. Michael Chen. Please select another doctor or contact the clinic.',
      ),
    ).toBeTruthy();
  });

  it('says so when there are no doctors', async () => {
    // Empty lists fall back to the sample doctors, so the empty state is the step's own.
    const { DoctorStep } = await import('./doctor-step');
    renderWithQuery(
      <DoctorStep
        doctors={[]}
        loading={false}
        selected={null}
        onSelect={() => undefined}
        search={{ q: '', specialty: '', showAll: false }}
        onSearch={() => undefined}
      />,
    );
    expect(screen.getByText(MESSAGES.noDoctors)).toBeTruthy();
  });
});

describe('BookingFlow, dashboard variant', () => {
  it('starts with an intro, resets everything, and uses the dashboard texts', async () => {
    const noSlots = doctor({
      schedule: { availableDays: everyDay, timeSlots: {} },
    });
    mockDoctors([noSlots]);
    renderWithQuery(<BookingFlow variant="dashboard" />);
    fireEvent.click(screen.getByRole('button', { name: 'Start Booking Appointment' }));
    fireEvent.click(await screen.findByRole('button', { name: /Dr\. Michael Chen/ }));
    const first = availableDates(noSlots.schedule, { timeZone: noSlots.timeZone })[0]!;
    // A day without a free slot is shown but not selectable, and says why.
    const full = await screen.findByRole('button', { name: `${dateLabel(first.date)}, fully booked` });
    expect((full as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(full);
    expect(useBookingDraft.getState().date).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('button', { name: /Dr\. Michael Chen/ }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(screen.getByText(MESSAGES.bookingChooseDoctorFirst)).toBeTruthy();
  });

  it('moves focus to step 1’s heading when the patient starts booking (not to the page body)', async () => {
    mockDoctors([doctor()]);
    renderWithQuery(<BookingFlow variant="dashboard" />);
    fireEvent.click(screen.getByRole('button', { name: 'Start Booking Appointment' }));
    const heading = await screen.findByRole('heading', { name: MESSAGES.bookingStepDoctor });
    expect(document.activeElement).toBe(heading);
  });

  it('shows the dashboard text when a doctor has no dates', async () => {
    mockDoctors([doctor({ schedule: { availableDays: [], timeSlots: {} } })]);
    renderWithQuery(<BookingFlow variant="dashboard" />);
    fireEvent.click(screen.getByRole('button', { name: 'Start Booking Appointment' }));
    fireEvent.click(await screen.findByRole('button', { name: /Dr\. Michael Chen/ }));
    expect(await screen.findByText(MESSAGES.noDatesDashboard)).toBeTruthy();
  });

  it('filters doctors by the patient’s chronic conditions', async () => {
    mockDoctors([
      doctor(),
      doctor({ id: 'c1', name: 'Dr. Sarah Johnson', specialty: 'Cardiology' }),
      doctor({ id: 'p1', name: 'Dr. Emily Rodriguez', specialty: 'Pediatrics' }),
    ]);
    jest
      .spyOn(api, 'getPatient')
      .mockResolvedValue({ exists: true, data: { chronicConditions: ['Hypertension'] } } as never);
    renderWithQuery(<BookingFlow variant="dashboard" />);
    fireEvent.click(screen.getByRole('button', { name: 'Start Booking Appointment' }));
    const list = await screen.findByRole('list');
    await within(list).findByRole('button', { name: /Dr\. Sarah Johnson/ });
    expect(within(list).queryByRole('button', { name: /Dr\. Emily Rodriguez/ })).toBeNull();
    expect(within(list).getByRole('button', { name: /Dr\. Michael Chen/ })).toBeTruthy();
  });
});

describe('BookingFlow, doctors for the patient', () => {
  const three = () => [
    doctor(),
    doctor({ id: 'c1', name: 'Dr. Sarah Johnson', specialty: 'Cardiology' }),
    doctor({ id: 'd1', name: 'Dr. Rosa Skinner', specialty: 'Dermatology' }),
  ];

  it('marks the doctors fitting the current symptoms, in the server’s order', async () => {
    mockDoctors(three());
    jest.spyOn(api, 'getPatient').mockResolvedValue({
      exists: true,
      data: { symptoms: ['Chest Pain'], chronicConditions: [] },
    } as never);
    renderWithQuery(<BookingFlow variant="page" />);
    const list = await screen.findByTestId('doctor-list');
    await within(list).findByText(MESSAGES.suggestedForSymptoms);
    const cards = within(list).getAllByRole('button');
    const marked = cards.filter((c) => c.textContent?.includes(MESSAGES.suggestedForSymptoms));
    expect(marked).toHaveLength(1);
    expect(marked[0]!.textContent).toContain('Dr. Sarah Johnson');
  });

  it('shows all doctors on request, and asks the server by name or clinic and by specialty', async () => {
    const search = mockDoctors(three());
    jest
      .spyOn(api, 'getPatient')
      .mockResolvedValue({ exists: true, data: { chronicConditions: ['Hypertension'] } } as never);
    renderWithQuery(<BookingFlow variant="page" />);
    await screen.findByRole('button', { name: /Dr\. Sarah Johnson/ });
    expect(screen.queryByRole('button', { name: /Dr\. Rosa Skinner/ })).toBeNull();
    expect(search).toHaveBeenLastCalledWith(
      'patient-1',
      expect.objectContaining({ conditions: ['Hypertension'] }),
    );

    const all = screen.getByRole('button', { name: MESSAGES.showAllDoctors });
    fireEvent.click(all);
    expect(all.getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByRole('button', { name: /Dr\. Rosa Skinner/ })).toBeTruthy();
    fireEvent.click(all);

    fireEvent.change(screen.getByRole('combobox', { name: MESSAGES.doctorSpecialtyFilterLabel }), {
      target: { value: 'Cardiology' },
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Dr\. Michael Chen/ })).toBeNull());
    expect(search).toHaveBeenLastCalledWith(
      'patient-1',
      expect.objectContaining({ specialty: 'Cardiology' }),
    );
    fireEvent.change(screen.getByRole('combobox', { name: MESSAGES.doctorSpecialtyFilterLabel }), {
      target: { value: '' },
    });

    const box = screen.getByRole('searchbox', { name: MESSAGES.doctorSearchNameClinicLabel });
    fireEvent.change(box, { target: { value: 'johnson' } });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Dr\. Michael Chen/ })).toBeNull());
    expect(screen.getByRole('button', { name: /Dr\. Sarah Johnson/ })).toBeTruthy();
    expect(search).toHaveBeenLastCalledWith('patient-1', expect.objectContaining({ q: 'johnson' }));
    fireEvent.change(box, { target: { value: 'nobody' } });
    expect(await screen.findByText(MESSAGES.doctorSearchNoResults)).toBeTruthy();
  });

  it('loads the next page on request, says when the list ends, and fetches the opened doctor’s free slots', async () => {
    const d = doctor();
    const second = doctor({ id: 'c1', name: 'Dr. Sarah Johnson', specialty: 'Cardiology' });
    mockDoctors([d, second]);
    let release!: () => void;
    const search = jest
      .spyOn(api, 'doctorsWithContext')
      .mockImplementation((_uid, s: DoctorSearchParams = {}) =>
        s.cursor === 'page-2'
          ? new Promise((r) => {
              release = () =>
                r({ doctors: [second], lastDoctorName: null, totalAppointments: 0, nextCursor: null });
            })
          : Promise.resolve({
              doctors: [d],
              lastDoctorName: null,
              totalAppointments: 0,
              nextCursor: 'page-2',
            }),
      );
    renderWithQuery(<BookingFlow variant="page" />);
    const more = await screen.findByRole('button', { name: MESSAGES.loadMoreDoctors });
    expect(screen.queryByTestId('doctor-list-end')).toBeNull();
    fireEvent.click(more);
    const busy = await screen.findByRole('button', { name: MESSAGES.loadingMoreDoctors });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    await act(async () => release());
    expect(await screen.findByRole('button', { name: /Dr\. Sarah Johnson/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Dr\. Michael Chen/ })).toBeTruthy();
    expect(screen.getByTestId('doctor-list-end').textContent).toBe(MESSAGES.doctorListEnd);
    expect(search).toHaveBeenLastCalledWith('patient-1', expect.objectContaining({ cursor: 'page-2' }));

    expect(api.doctorSlots).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /Dr\. Sarah Johnson/ }));
    expect((await screen.findAllByRole('button', { name: /, 3 slots$/ })).length).toBeGreaterThan(0);
    expect(api.doctorSlots).toHaveBeenCalledWith(
      'c1',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      expect.any(String),
    );
  });

  it('sends the notes the patient wrote', async () => {
    const d = doctor();
    mockDoctors([d]);
    const create = jest
      .spyOn(api, 'createAppointment')
      .mockResolvedValue({ id: 'a1', doctor: d.name, clinic: d.clinic } as Appointment);
    renderWithQuery(<BookingFlow variant="page" />);
    await chooseFirstDateAndSlot(d);
    fireEvent.click(screen.getByRole('button', { name: '09:00 AM' }));
    fireEvent.change(screen.getByLabelText(MESSAGES.bookingNotesLabel), { target: { value: 'Knee pain' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Appointment' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![0]).toMatchObject({ notes: 'Knee pain' });
  });
});

describe('BookingFlow, rescheduling', () => {
  it('fixes the doctor, offers the date and slot steps and moves the appointment', async () => {
    const d = doctor();
    const first = availableDates(d.schedule, { timeZone: d.timeZone })[0]!;
    mockDoctors([d, doctor({ id: 'c1', name: 'Dr. Sarah Johnson', specialty: 'Cardiology' })]);
    const current = {
      id: 'appt-1',
      doctor: d.name,
      doctorId: d.id,
      clinic: d.clinic,
      status: 'Scheduled',
      startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      timeZone: d.timeZone,
    } as Appointment;
    jest.spyOn(api, 'getAppointment').mockResolvedValue(current);
    const moved = { ...current, startsAt: '2030-01-04T15:00:00.000Z', rescheduledFrom: current.startsAt };
    const reschedule = jest.spyOn(api, 'rescheduleAppointment').mockResolvedValue(moved);
    const create = jest.spyOn(api, 'createAppointment');
    const onBooked = jest.fn();
    renderWithQuery(<BookingFlow variant="page" rescheduleId="appt-1" onBooked={onBooked} />);

    const note = await screen.findByTestId('reschedule-current');
    expect(note.textContent).toContain(d.name);
    // Step 1 says what it is: the doctor, who stays the same (nothing to select).
    expect(screen.getByRole('heading', { name: MESSAGES.rescheduleStepDoctor })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: MESSAGES.bookingStepDoctor })).toBeNull();
    // No doctor to choose: the date step is the appointment's doctor's.
    expect(screen.queryByRole('button', { name: /Dr\. Sarah Johnson/ })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${dateLabel(first.date)}, `) }));
    fireEvent.click(screen.getByRole('button', { name: '02:00 PM' }));
    expect(screen.queryByLabelText(MESSAGES.bookingNotesLabel)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.rescheduleConfirm }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith(moved));
    expect(reschedule).toHaveBeenCalledWith('appt-1', { date: first.date, time: '02:00 PM' });
    expect(create).not.toHaveBeenCalled();
    expect(toasts()).toEqual([
      'success: Appointment rescheduled: Dr. Michael Chen on Fri 4 Jan 2030, 10:00 AM EST, City Medical Clinic.',
    ]);
  });

  it('says so when the appointment is no longer upcoming', async () => {
    mockDoctors([doctor()]);
    jest.spyOn(api, 'getAppointment').mockResolvedValue({
      id: 'appt-2',
      status: 'Cancelled',
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    } as Appointment);
    renderWithQuery(<BookingFlow variant="page" rescheduleId="appt-2" />);
    expect(await screen.findByText(MESSAGES.rescheduleUnavailable)).toBeTruthy();
  });

  it('an unknown appointment gets a clear message and a way back, not a bare "Not found."', async () => {
    mockDoctors([doctor()]);
    jest.spyOn(api, 'getAppointment').mockRejectedValue(new ApiError(404, 'Not found.'));
    const onCancel = jest.fn();
    renderWithQuery(<BookingFlow variant="page" rescheduleId="nope" onCancel={onCancel} />);
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.rescheduleNotFound);
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.rescheduleBack }));
    expect(onCancel).toHaveBeenCalled();
  });
});
