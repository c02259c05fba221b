import {
  ACTIVITY_THROTTLE_MS,
  decideActivity,
  IDLE_LIMIT_MS,
  IDLE_WARNING_MS,
  idlePhase,
  nextChangeAt,
  resumeFrom,
} from './idle-policy';

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

describe('the idle limits', () => {
  it('end a session after 30 minutes and warn 2 minutes before', () => {
    expect(IDLE_LIMIT_MS).toBe(30 * MIN);
    expect(IDLE_WARNING_MS).toBe(2 * MIN);
  });
});

describe('idlePhase', () => {
  it('is active until 28 minutes after the last activity', () => {
    expect(idlePhase(T0, T0)).toEqual({ kind: 'active', warnAt: T0 + 28 * MIN, expiresAt: T0 + 30 * MIN });
    expect(idlePhase(T0, T0 + 28 * MIN - 1).kind).toBe('active');
  });

  it('warns from 28 minutes with the whole seconds left, rounded up', () => {
    expect(idlePhase(T0, T0 + 28 * MIN)).toEqual({
      kind: 'warning',
      expiresAt: T0 + 30 * MIN,
      secondsLeft: 120,
    });
    expect(idlePhase(T0, T0 + 28 * MIN + 1)).toMatchObject({ secondsLeft: 120 });
    expect(idlePhase(T0, T0 + 28 * MIN + 1000)).toMatchObject({ secondsLeft: 119 });
    expect(idlePhase(T0, T0 + 30 * MIN - 1)).toMatchObject({ kind: 'warning', secondsLeft: 1 });
  });

  it('has expired at exactly 30 minutes and any time after', () => {
    expect(idlePhase(T0, T0 + 30 * MIN)).toEqual({ kind: 'expired' });
    expect(idlePhase(T0, T0 + 3 * 24 * 60 * MIN)).toEqual({ kind: 'expired' });
  });
});

describe('nextChangeAt', () => {
  it('is the start of the warning while active', () => {
    expect(nextChangeAt(idlePhase(T0, T0 + 5 * MIN))).toBe(T0 + 28 * MIN);
  });

  it('is the next step of the countdown during the warning, then the end', () => {
    const at = T0 + 28 * MIN + 250;
    const phase = idlePhase(T0, at);
    expect(nextChangeAt(phase)).toBe(T0 + 28 * MIN + 1000);
    expect(idlePhase(T0, nextChangeAt(phase)! - 1)).toMatchObject({ secondsLeft: 120 });
    expect(idlePhase(T0, nextChangeAt(phase)!)).toMatchObject({ secondsLeft: 119 });
    expect(nextChangeAt(idlePhase(T0, T0 + 30 * MIN - 400))).toBe(T0 + 30 * MIN);
  });

  it('is null once expired', () => {
    expect(nextChangeAt(idlePhase(T0, T0 + 31 * MIN))).toBeNull();
  });

  it('walks through every second of the countdown exactly once', () => {
    const seen: number[] = [];
    let now = T0 + 28 * MIN;
    for (let phase = idlePhase(T0, now); phase.kind === 'warning'; phase = idlePhase(T0, now)) {
      seen.push(phase.secondsLeft);
      now = nextChangeAt(phase)!;
    }
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => 120 - i));
    expect(now).toBe(T0 + 30 * MIN);
  });
});

describe('decideActivity', () => {
  it('records activity while active, at most once per throttle window', () => {
    expect(decideActivity(T0, T0 + ACTIVITY_THROTTLE_MS)).toBe('record');
    expect(decideActivity(T0, T0 + 10 * MIN)).toBe('record');
    expect(decideActivity(T0, T0 + ACTIVITY_THROTTLE_MS - 1)).toBe('throttled');
    expect(decideActivity(T0, T0)).toBe('throttled');
  });

  it('ignores activity during the warning: only the button keeps the session', () => {
    expect(decideActivity(T0, T0 + 28 * MIN)).toBe('warning');
    expect(decideActivity(T0, T0 + 29 * MIN + 59_000)).toBe('warning');
  });

  it('does not revive an expired session', () => {
    expect(decideActivity(T0, T0 + 30 * MIN)).toBe('expired');
    expect(decideActivity(T0, T0 + 90 * MIN)).toBe('expired');
  });

  it('records when the clock went backwards, so the session cannot be stretched by it', () => {
    expect(decideActivity(T0, T0 - 1000)).toBe('record');
  });
});

describe('resumeFrom', () => {
  it('resumes from the stored last activity', () => {
    expect(resumeFrom(T0, T0 + 10 * MIN)).toBe(T0);
  });

  it('starts now when nothing is stored or the stored time is in the future', () => {
    expect(resumeFrom(null, T0)).toBe(T0);
    expect(resumeFrom(T0 + MIN, T0)).toBe(T0);
  });
});
