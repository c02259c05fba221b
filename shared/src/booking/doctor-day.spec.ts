import { visitActions } from './appointment-rules.js';
import { groupByClinicDay } from './doctor-day.js';
import { VISIT_UNDO_HOURS } from './types.js';

const CHICAGO = 'America/Chicago';

describe('groupByClinicDay', () => {
  it('groups by the clinic wall date, not the UTC date, with a readable heading', () => {
    const list = [
      // 27 Nov 11:30 PM in Chicago is already 28 Nov in UTC: still the 27th at the clinic.
      { id: 'a', startsAt: '2026-11-27T17:30:00Z', timeZone: CHICAGO },
      { id: 'b', startsAt: '2026-11-28T05:30:00Z', timeZone: CHICAGO },
      { id: 'c', startsAt: '2026-11-28T15:00:00Z', timeZone: CHICAGO },
    ];
    const days = groupByClinicDay(list);
    expect(days.map((d) => [d.date, d.label, d.items.map((i) => i.id)])).toEqual([
      ['2026-11-27', 'Fri 27 Nov', ['a', 'b']],
      ['2026-11-28', 'Sat 28 Nov', ['c']],
    ]);
  });

  it('keeps the given order and returns nothing for no appointments', () => {
    expect(groupByClinicDay([])).toEqual([]);
    const days = groupByClinicDay([
      { id: 'x', startsAt: '2026-11-30T15:00:00Z', timeZone: CHICAGO },
      { id: 'y', startsAt: '2026-11-29T15:00:00Z', timeZone: CHICAGO },
      { id: 'z', startsAt: '2026-11-30T18:00:00Z', timeZone: CHICAGO },
    ]);
    expect(days.map((d) => d.items.map((i) => i.id))).toEqual([['x', 'z'], ['y']]);
  });
});

describe('visitActions: the closing rules, once', () => {
  const now = new Date('2026-11-27T17:30:00Z');
  const hour = 60 * 60 * 1000;
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

  it('offers Cancel, not Completed / No-Show, before the start, and says from when', () => {
    const a = visitActions({ status: 'Scheduled', startsAt: at(1000) }, now);
    expect(a).toMatchObject({ close: false, cancel: true, undo: false, closableFrom: at(1000) });
  });

  it('offers Completed / No-Show from the start instant on, and no Cancel', () => {
    for (const startsAt of [at(0), at(-hour)]) {
      for (const status of ['Scheduled', 'Confirmed']) {
        expect(visitActions({ status, startsAt }, now)).toMatchObject({
          close: true,
          cancel: false,
          closableFrom: null,
        });
      }
    }
  });

  it('offers Undo within VISIT_UNDO_HOURS of the close and not after', () => {
    const within = at(-VISIT_UNDO_HOURS * hour + 60_000);
    expect(visitActions({ status: 'Completed', startsAt: at(-48 * hour), closedAt: within }, now)).toEqual({
      close: false,
      cancel: false,
      undo: true,
      closableFrom: null,
      undoUntil: at(60_000),
    });
    const expired = at(-VISIT_UNDO_HOURS * hour);
    expect(visitActions({ status: 'No-Show', startsAt: at(-48 * hour), closedAt: expired }, now).undo).toBe(
      false,
    );
    // Closed without a recorded close time (older rows): no undo.
    expect(visitActions({ status: 'Completed', startsAt: at(-hour), closedAt: null }, now).undo).toBe(false);
  });

  it('offers nothing for a cancelled appointment', () => {
    expect(visitActions({ status: 'Cancelled', startsAt: at(hour) }, now)).toEqual({
      close: false,
      cancel: false,
      undo: false,
      closableFrom: null,
      undoUntil: null,
    });
  });
});
