import { slotOf, slotStart } from '@medora/shared';
import { cachedSlotOf, cachedSlotStart } from './cached-slot.rules.js';

describe('cachedSlotOf', () => {
  it('gives what slotOf gives, across zones and a daylight-saving change', () => {
    for (const iso of [
      '2026-03-08T06:30:00Z',
      '2026-03-08T07:30:00Z',
      '2026-11-01T05:30:00Z',
      '2026-11-01T06:30:00Z',
    ]) {
      for (const zone of ['America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe']) {
        expect(cachedSlotOf(new Date(iso), zone)).toEqual(slotOf(new Date(iso), zone));
      }
    }
  });

  it('answers a repeated instant and zone from the cache, never the same instant in another zone', () => {
    const instant = new Date('2026-05-04T13:00:00Z');
    const first = cachedSlotOf(instant, 'America/New_York');
    expect(cachedSlotOf(new Date(instant.getTime()), 'America/New_York')).toBe(first);
    expect(cachedSlotOf(instant, 'Europe/Berlin')).toEqual({ date: '2026-05-04', time: '03:00 PM' });
    expect(Object.isFrozen(first)).toBe(true);
  });
});

describe('cachedSlotStart', () => {
  it('gives what slotStart gives (as epoch ms), across zones and daylight-saving changes', () => {
    for (const [date, time] of [
      ['2026-03-08', '02:30 AM'],
      ['2026-11-01', '01:30 AM'],
      ['2026-05-04', '09:00 AM'],
    ] as const) {
      for (const zone of ['America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe']) {
        const expected = slotStart(date, time, zone).getTime();
        expect(cachedSlotStart(date, time, zone)).toBe(expected);
        expect(cachedSlotStart(date, time, zone)).toBe(expected);
      }
    }
  });
});
