import { isOpenStatus, isUpcoming, isVisitClosedStatus } from './appointment-rules.js';

const now = new Date('2026-03-01T12:00:00Z');
const future = '2026-03-02T09:00:00Z';
const past = '2026-02-28T09:00:00Z';

describe('isUpcoming (one definition)', () => {
  it('is an open status (missing, Scheduled, Confirmed) starting after now', () => {
    for (const status of [undefined, null, '', 'Scheduled', 'Confirmed']) {
      expect(isOpenStatus(status)).toBe(true);
      expect(isUpcoming({ status, startsAt: future }, now)).toBe(true);
    }
  });

  it('puts a Scheduled or Confirmed appointment in the past in History', () => {
    expect(isUpcoming({ status: 'Scheduled', startsAt: past }, now)).toBe(false);
    expect(isUpcoming({ status: 'Confirmed', startsAt: new Date(past) }, now)).toBe(false);
  });

  it('treats the start instant itself as past, and an unparseable start as past', () => {
    expect(isUpcoming({ status: 'Scheduled', startsAt: now.toISOString() }, now)).toBe(false);
    expect(isUpcoming({ status: 'Scheduled', startsAt: 'not a date' }, now)).toBe(false);
  });

  it('never counts a closed or cancelled appointment, even in the future', () => {
    for (const status of ['Completed', 'Cancelled', 'No-Show']) {
      expect(isOpenStatus(status)).toBe(false);
      expect(isUpcoming({ status, startsAt: future }, now)).toBe(false);
    }
  });
});

describe('isVisitClosedStatus', () => {
  it('is a visit the doctor closed with an outcome, and nothing open or cancelled', () => {
    expect(['Completed', 'No-Show'].map(isVisitClosedStatus)).toEqual([true, true]);
    expect([undefined, null, '', 'Scheduled', 'Confirmed', 'Cancelled'].map(isVisitClosedStatus)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
