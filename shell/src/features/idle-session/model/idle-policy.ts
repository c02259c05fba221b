/**
 * The idle-session rule, as pure functions of two instants so it can be tested without timers:
 * `lastActivity` (the newest user activity in any tab, ms since the epoch) and `now`.
 */

/** A signed-in session ends after this long without user activity (the usual limit for medical software). */
export const IDLE_LIMIT_MS = 30 * 60_000;
/** The warning dialog opens this long before the end. */
export const IDLE_WARNING_MS = 2 * 60_000;
/**
 * Activity is written at most this often: pointer moves fire dozens of times a second, and each write
 * reaches every other tab as a `storage` event. Five seconds is nothing against a 30-minute limit.
 */
export const ACTIVITY_THROTTLE_MS = 5_000;

export type IdlePhase =
  | { kind: 'active'; warnAt: number; expiresAt: number }
  | { kind: 'warning'; expiresAt: number; secondsLeft: number }
  | { kind: 'expired' };

/** Where a session stands at `now`. */
export function idlePhase(lastActivity: number, now: number): IdlePhase {
  const expiresAt = lastActivity + IDLE_LIMIT_MS;
  const warnAt = expiresAt - IDLE_WARNING_MS;
  if (now >= expiresAt) return { kind: 'expired' };
  if (now >= warnAt) return { kind: 'warning', expiresAt, secondsLeft: Math.ceil((expiresAt - now) / 1000) };
  return { kind: 'active', warnAt, expiresAt };
}

/**
 * The next instant at which `idlePhase` gives a different answer: the warning, then each step of the
 * countdown, then the end. Null once expired.
 */
export function nextChangeAt(phase: IdlePhase): number | null {
  switch (phase.kind) {
    case 'active':
      return phase.warnAt;
    case 'warning':
      return phase.expiresAt - (phase.secondsLeft - 1) * 1000;
    case 'expired':
      return null;
  }
}

export type ActivityDecision = 'record' | 'throttled' | 'warning' | 'expired';

/**
 * What a user event (pointer, key, touch, scroll, focus) does. During the warning it does nothing: the
 * user must answer the dialog (the common portal behaviour), so a stray mouse move or a cat on the
 * keyboard does not keep medical data open, and the dialog never vanishes without the user seeing why.
 * A clock set backwards (`now` before `lastActivity`) records, so the session cannot be stretched.
 */
export function decideActivity(lastActivity: number, now: number): ActivityDecision {
  const phase = idlePhase(lastActivity, now);
  if (phase.kind !== 'active') return phase.kind;
  return now - lastActivity >= ACTIVITY_THROTTLE_MS || now < lastActivity ? 'record' : 'throttled';
}

/**
 * The last activity a reloaded or reopened tab resumes from. A missing record (a session from before
 * this rule) starts now; one from the future (the clock was set back) also counts as now.
 */
export function resumeFrom(stored: number | null, now: number): number {
  return stored === null || stored > now ? now : stored;
}
