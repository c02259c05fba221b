import { MESSAGES, generateSlots } from '@medora/shared';
import {
  EMPTY_EXCEPTION,
  draftFrom,
  exceptionOf,
  fromInputTime,
  hoursFromSlots,
  slotPreview,
  toInputTime,
  toScheduleInput,
} from './schedule';

describe('the weekly hours editor model', () => {
  it('converts between time inputs and the stored hh:mm AM/PM', () => {
    expect(toInputTime('01:30 PM')).toBe('13:30');
    expect(toInputTime('12:00 AM')).toBe('00:00');
    expect(fromInputTime('13:30')).toBe('01:30 PM');
    expect(fromInputTime('')).toBeNull();
    expect(fromInputTime('25:00')).toBeNull();
  });

  it('sends the open days’ hours and refuses a reversed range or a break outside the hours', () => {
    const draft = draftFrom({
      availableDays: [],
      timeSlots: {},
      hours: {
        Monday: {
          start: '09:00 AM',
          end: '12:00 PM',
          slotMinutes: 30,
          breaks: [{ start: '10:00 AM', end: '10:30 AM' }],
        },
      },
      exceptions: [{ kind: 'closed', date: '2026-12-25' }],
      timeZone: 'UTC',
    });
    expect(draft.days.Monday).toMatchObject({ open: true, start: '09:00', end: '12:00', slotMinutes: 30 });
    expect(draft.days.Tuesday!.open).toBe(false);
    expect(toScheduleInput(draft)).toEqual({
      hours: {
        Monday: {
          start: '09:00 AM',
          end: '12:00 PM',
          slotMinutes: 30,
          breaks: [{ start: '10:00 AM', end: '10:30 AM' }],
        },
      },
      exceptions: [{ kind: 'closed', date: '2026-12-25' }],
      timeZone: 'UTC',
    });
    const reversed = { ...draft, days: { ...draft.days, Monday: { ...draft.days.Monday!, end: '08:00' } } };
    expect(toScheduleInput(reversed)).toBe(`Monday: ${MESSAGES.scheduleRangeOrder}`);
    const outside = {
      ...draft,
      days: { ...draft.days, Monday: { ...draft.days.Monday!, breaks: [{ start: '11:30', end: '13:00' }] } },
    };
    expect(toScheduleInput(outside)).toBe(`Monday: ${MESSAGES.scheduleBreakOutside}`);
    expect(slotPreview(draft.days.Monday!)).toBe('5 slots: 09:00 AM to 11:30 AM');
  });

  it('reads a schedule saved as slots only as hours that generate the same slots', () => {
    const slots = ['09:00 AM', '10:00 AM', '11:00 AM', '02:00 PM', '03:00 PM'];
    const hours = hoursFromSlots(slots)!;
    expect(hours).toEqual({
      start: '09:00 AM',
      end: '04:00 PM',
      slotMinutes: 60,
      breaks: [{ start: '12:00 PM', end: '02:00 PM' }],
    });
    expect(generateSlots(hours)).toEqual(slots);
    const draft = draftFrom({ availableDays: ['Friday'], timeSlots: { Friday: slots }, timeZone: 'UTC' });
    expect(draft.days.Friday).toMatchObject({ open: true, start: '09:00', end: '16:00', slotMinutes: 60 });
  });

  it('builds exceptions from the add form, or says what is missing', () => {
    expect(exceptionOf(EMPTY_EXCEPTION)).toBe(MESSAGES.scheduleExceptionIncomplete);
    expect(exceptionOf({ ...EMPTY_EXCEPTION, from: '2026-12-31', to: '2026-12-20' })).toBe(
      MESSAGES.scheduleVacationOrder,
    );
    expect(exceptionOf({ ...EMPTY_EXCEPTION, from: '2026-12-20', to: '2026-12-31' })).toEqual({
      kind: 'vacation',
      from: '2026-12-20',
      to: '2026-12-31',
    });
    expect(exceptionOf({ ...EMPTY_EXCEPTION, kind: 'closed', date: '2026-12-25' })).toEqual({
      kind: 'closed',
      date: '2026-12-25',
    });
    expect(
      exceptionOf({ ...EMPTY_EXCEPTION, kind: 'extra', date: '2026-12-26', start: '14:00', end: '16:00' }),
    ).toEqual({
      kind: 'extra',
      date: '2026-12-26',
      start: '02:00 PM',
      end: '04:00 PM',
      slotMinutes: 30,
    });
  });
});
