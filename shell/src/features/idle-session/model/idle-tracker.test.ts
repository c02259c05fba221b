import { IdleTracker, type ActivityStore, type IdleClock, type IdleEndReason } from './idle-tracker';

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

/** A hand-driven clock: timers fire only inside `advance` (or `jump`, which fires each due timer once, late). */
class FakeClock implements IdleClock {
  current = T0;
  private timers = new Map<number, { at: number; fn: () => void }>();
  private nextId = 1;

  now = () => this.current;
  setTimeout = (fn: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.set(id, { at: this.current + ms, fn });
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.timers.delete(handle as number);
  };

  get pending(): number {
    return this.timers.size;
  }

  /** Runs time forward, firing every timer at its own moment. */
  advance(ms: number): void {
    const to = this.current + ms;
    for (;;) {
      const due = [...this.timers.entries()]
        .filter(([, t]) => t.at <= to)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.current = due[1].at;
      due[1].fn();
    }
    this.current = to;
  }

  /** A sleeping laptop: time moves on at once and the due timers fire late, at the new time. */
  jump(ms: number): void {
    this.current += ms;
    const due = [...this.timers.entries()].filter(([, t]) => t.at <= this.current);
    for (const [id, t] of due) {
      this.timers.delete(id);
      t.fn();
    }
  }
}

class MemoryStore implements ActivityStore {
  value: number | null = null;
  announcements: IdleEndReason[] = [];
  read = () => this.value;
  write = (at: number) => {
    this.value = at;
  };
  clear = () => {
    this.value = null;
  };
  announceSignOut = (reason: IdleEndReason) => {
    this.announcements.push(reason);
  };
}

function setup(stored: number | null = null) {
  const clock = new FakeClock();
  const store = new MemoryStore();
  store.value = stored;
  const ends: IdleEndReason[] = [];
  const tracker = new IdleTracker({ clock, store, onExpire: (reason) => ends.push(reason) });
  const views: string[] = [];
  tracker.subscribe(() => {
    const v = tracker.getView();
    views.push(v.phase === 'warning' ? `warning ${v.secondsLeft}` : v.phase);
  });
  return { clock, store, tracker, ends, views };
}

describe('IdleTracker', () => {
  it('is off until someone signs in, and ignores activity then', () => {
    const { tracker, store, clock } = setup();
    tracker.activity();
    clock.advance(40 * MIN);
    expect(tracker.getView()).toEqual({ phase: 'off' });
    expect(store.value).toBeNull();
    expect(clock.pending).toBe(0);
  });

  it('warns at 28 minutes, counts down every second and ends the session at 30', () => {
    const { tracker, clock, store, ends, views } = setup();
    tracker.signedIn('fresh');
    expect(store.value).toBe(T0);
    expect(tracker.getView()).toEqual({ phase: 'active' });

    clock.advance(28 * MIN - 1);
    expect(tracker.getView()).toEqual({ phase: 'active' });
    clock.advance(1);
    expect(tracker.getView()).toEqual({ phase: 'warning', secondsLeft: 120 });
    clock.advance(1000);
    expect(tracker.getView()).toEqual({ phase: 'warning', secondsLeft: 119 });
    expect(ends).toEqual([]);

    clock.advance(119 * 1000 - 1);
    expect(tracker.getView()).toEqual({ phase: 'warning', secondsLeft: 1 });
    clock.advance(1);
    expect(tracker.getView()).toEqual({ phase: 'expired' });
    expect(ends).toEqual(['idle']);
    expect(store.announcements).toEqual(['idle']);
    expect(store.value).toBeNull();
    expect(clock.pending).toBe(0);
    // active, then each of the 120 seconds, then expired: one notification per change.
    expect(views).toHaveLength(1 + 120 + 1);
    expect(views.slice(0, 3)).toEqual(['active', 'warning 120', 'warning 119']);
  });

  it('pushes the limit back on throttled activity and shares it through the store', () => {
    const { tracker, clock, store } = setup();
    tracker.signedIn('fresh');
    clock.advance(2_000);
    tracker.activity(); // inside the 5 s window: not written
    expect(store.value).toBe(T0);
    clock.advance(20 * MIN);
    tracker.activity();
    expect(store.value).toBe(T0 + 20 * MIN + 2_000);
    clock.advance(28 * MIN - 1);
    expect(tracker.getView()).toEqual({ phase: 'active' });
    clock.advance(1);
    expect(tracker.getView()).toMatchObject({ phase: 'warning' });
  });

  it('does not let activity during the warning dismiss it; the button does', () => {
    const { tracker, clock, store, ends } = setup();
    tracker.signedIn('fresh');
    clock.advance(28 * MIN + 10_000);
    tracker.activity();
    expect(tracker.getView()).toEqual({ phase: 'warning', secondsLeft: 110 });
    expect(store.value).toBe(T0);

    tracker.staySignedIn();
    expect(tracker.getView()).toEqual({ phase: 'active' });
    expect(store.value).toBe(T0 + 28 * MIN + 10_000);
    clock.advance(29 * MIN);
    expect(tracker.getView()).toMatchObject({ phase: 'warning' });
    expect(ends).toEqual([]);
  });

  it("'Sign out now' ends the session and tells the other tabs it was the user's choice, not inactivity", () => {
    const { tracker, clock, store, ends } = setup();
    tracker.signedIn('fresh');
    clock.advance(28 * MIN);
    tracker.signOutNow();
    expect(tracker.getView()).toEqual({ phase: 'expired' });
    expect(ends).toEqual(['user']);
    expect(store.announcements).toEqual(['user']);
    expect(store.value).toBeNull();
  });

  it('ends a session at once when the timer fired late, and Stay cannot revive it', () => {
    const { tracker, clock, ends } = setup();
    tracker.signedIn('fresh');
    clock.jump(45 * MIN);
    expect(tracker.getView()).toEqual({ phase: 'expired' });
    expect(ends).toEqual(['idle']);
    tracker.staySignedIn();
    expect(tracker.getView()).toEqual({ phase: 'expired' });
  });

  it('checks the clock when asked (a tab shown again) before its timer fires', () => {
    const { tracker, clock, ends } = setup();
    tracker.signedIn('fresh');
    clock.current += 31 * MIN; // timers not run: a throttled background tab
    tracker.activity(); // the first event after coming back
    expect(ends).toEqual(['idle']);

    const other = setup();
    other.tracker.signedIn('fresh');
    other.clock.current += 29 * MIN;
    other.tracker.check();
    expect(other.tracker.getView()).toEqual({ phase: 'warning', secondsLeft: 60 });
  });

  describe('reloads', () => {
    it('resumes from the stored last activity', () => {
      const { tracker, clock, store } = setup(T0 - 20 * MIN);
      tracker.signedIn('resumed');
      expect(tracker.getView()).toEqual({ phase: 'active' });
      expect(store.value).toBe(T0 - 20 * MIN);
      clock.advance(8 * MIN);
      expect(tracker.getView()).toEqual({ phase: 'warning', secondsLeft: 120 });
    });

    it('does not resume a session idle past the limit', () => {
      const { tracker, ends, store } = setup(T0 - 30 * MIN);
      tracker.signedIn('resumed');
      expect(tracker.getView()).toEqual({ phase: 'expired' });
      expect(ends).toEqual(['idle']);
      expect(store.announcements).toEqual(['idle']);
    });

    it('starts the clock now for a session with no stored activity', () => {
      const { tracker, store } = setup(null);
      tracker.signedIn('resumed');
      expect(tracker.getView()).toEqual({ phase: 'active' });
      expect(store.value).toBe(T0);
    });

    it('a fresh sign-in ignores a stale record of an earlier session', () => {
      const { tracker, ends, store } = setup(T0 - 5 * 60 * MIN);
      tracker.signedIn('fresh');
      expect(tracker.getView()).toEqual({ phase: 'active' });
      expect(store.value).toBe(T0);
      expect(ends).toEqual([]);
    });
  });

  describe('several tabs', () => {
    it('activity in another tab keeps this one alive', () => {
      const { tracker, clock, ends } = setup();
      tracker.signedIn('fresh');
      clock.advance(20 * MIN);
      tracker.othersActive(T0 + 20 * MIN);
      clock.advance(27 * MIN);
      expect(tracker.getView()).toEqual({ phase: 'active' });
      expect(ends).toEqual([]);
    });

    it("'Stay signed in' in another tab closes this tab's warning", () => {
      const { tracker, clock } = setup();
      tracker.signedIn('fresh');
      clock.advance(29 * MIN);
      expect(tracker.getView()).toMatchObject({ phase: 'warning' });
      tracker.othersActive(T0 + 29 * MIN);
      expect(tracker.getView()).toEqual({ phase: 'active' });
    });

    it('an older value from another tab does not move the limit back', () => {
      const { tracker, clock } = setup();
      tracker.signedIn('fresh');
      clock.advance(10 * MIN);
      tracker.activity();
      tracker.othersActive(T0);
      clock.advance(27 * MIN);
      expect(tracker.getView()).toEqual({ phase: 'active' });
    });

    it.each<IdleEndReason>(['idle', 'user'])(
      'a sign-out in another tab (%s) ends this one for the same reason, without announcing it again',
      (reason) => {
        const { tracker, ends, store } = setup();
        tracker.signedIn('fresh');
        tracker.othersSignedOut(reason);
        expect(tracker.getView()).toEqual({ phase: 'expired' });
        expect(ends).toEqual([reason]);
        expect(store.announcements).toEqual([]);
      },
    );
  });

  it('a sign-out elsewhere turns it off and forgets the activity; the next sign-in starts again', () => {
    const { tracker, clock, store, ends } = setup();
    tracker.signedIn('fresh');
    tracker.signedOut();
    expect(tracker.getView()).toEqual({ phase: 'off' });
    expect(store.value).toBeNull();
    expect(clock.pending).toBe(0);
    clock.advance(60 * MIN);
    expect(ends).toEqual([]);
    tracker.signedIn('fresh');
    expect(tracker.getView()).toEqual({ phase: 'active' });
  });

  it('stays expired through the sign-out until the host has handled it', () => {
    const { tracker, clock } = setup();
    tracker.signedIn('fresh');
    clock.advance(30 * MIN);
    tracker.signedOut();
    expect(tracker.getView()).toEqual({ phase: 'expired' });
    tracker.expiryHandled();
    expect(tracker.getView()).toEqual({ phase: 'off' });
  });
});
