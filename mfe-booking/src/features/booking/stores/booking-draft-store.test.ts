import { useBookingDraft } from './booking-draft-store';

const state = () => useBookingDraft.getState();

describe('the booking draft store', () => {
  beforeEach(() => state().reset());

  // 'Follow-up appointment' is the field's placeholder, not its text.
  it('starts empty, notes included', () => {
    expect(state()).toMatchObject({ started: false, doctorKey: null, date: null, slot: null });
    expect(state().notes).toBe('');
  });

  it('clears the slot when a date is chosen, and date and slot when another doctor is chosen', () => {
    state().selectDoctor('a');
    state().selectDate('2026-12-01');
    state().selectSlot('09:00 AM');
    state().selectDate('2026-12-02');
    expect(state().slot).toBeNull();
    state().selectSlot('10:00 AM');
    state().selectDoctor('a');
    expect(state()).toMatchObject({ date: '2026-12-02', slot: '10:00 AM' });
    state().selectDoctor('b');
    expect(state()).toMatchObject({ doctorKey: 'b', date: null, slot: null });
  });

  it('resets everything, keeping the started flag only when asked', () => {
    state().start();
    state().selectDoctor('a');
    state().setNotes('Knee pain');
    state().reset({ keepStarted: true });
    expect(state()).toMatchObject({ started: true, doctorKey: null, notes: '' });
    state().reset();
    expect(state().started).toBe(false);
  });
});
