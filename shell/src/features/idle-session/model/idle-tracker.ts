import { decideActivity, idlePhase, nextChangeAt, resumeFrom } from './idle-policy';

/** Time and timers, injected so tests drive them by hand. */
export interface IdleClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Where the last activity is shared between tabs and kept across reloads (localStorage in the browser). */
export interface ActivityStore {
  read(): number | null;
  write(at: number): void;
  clear(): void;
  /**
   * Tells the other tabs that this session ended here, and why: they end it too at once, rather than
   * whenever Firebase Auth notices the stored session is gone.
   */
  announceSignOut(reason: IdleEndReason): void;
}

export type IdleView =
  { phase: 'off' } | { phase: 'active' } | { phase: 'warning'; secondsLeft: number } | { phase: 'expired' };

/** Why the session ended: the limit passed (here or in another tab), or the user chose 'Sign out now'. */
export type IdleEndReason = 'idle' | 'user';

export interface IdleTrackerOptions {
  clock: IdleClock;
  store: ActivityStore;
  /** Called once when the session must end; the host signs out, then calls `expiryHandled()`. */
  onExpire: (reason: IdleEndReason) => void;
}

const OFF: IdleView = { phase: 'off' };
const ACTIVE: IdleView = { phase: 'active' };
const EXPIRED: IdleView = { phase: 'expired' };

/**
 * The idle timer of one tab. It keeps one timeout, set for the next change of phase (the warning, each
 * second of the countdown, the end), and re-reads the clock whenever anything happens, so a late timer
 * (a sleeping laptop, a throttled background tab) still ends the session at the right moment.
 * A view for `useSyncExternalStore`: `getView()` returns the same object until something changes.
 */
export class IdleTracker {
  private lastActivity = 0;
  private view: IdleView = OFF;
  private timer: unknown = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: IdleTrackerOptions) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getView = (): IdleView => this.view;

  /**
   * A session began in this tab. `fresh`: the user just signed in (here or in another tab), which is
   * activity. `resumed`: a reload or a reopened tab restored it, so the stored last activity decides and
   * a session idle past the limit ends at once instead of resuming.
   */
  signedIn(how: 'fresh' | 'resumed'): void {
    const { clock, store } = this.options;
    const now = clock.now();
    const stored = how === 'fresh' ? null : store.read();
    this.lastActivity = resumeFrom(stored, now);
    if (stored === null) store.write(this.lastActivity);
    this.evaluate();
  }

  /** The account signed out (any tab, any reason). An expiry in progress finishes through `expiryHandled`. */
  signedOut(): void {
    if (this.view.phase !== 'active' && this.view.phase !== 'warning') return;
    this.cancelTimer();
    this.options.store.clear();
    this.setView(OFF);
  }

  /** A user event in this tab (throttled by the policy; ignored while the warning shows). */
  activity(): void {
    if (!this.isOn()) return;
    const now = this.options.clock.now();
    const decision = decideActivity(this.lastActivity, now);
    if (decision === 'record') this.record(now);
    else if (decision !== 'throttled') this.evaluate();
  }

  /** 'Stay signed in' (or Escape): the one way out of the warning. Too late once the limit has passed. */
  staySignedIn(): void {
    if (!this.isOn()) return;
    const now = this.options.clock.now();
    if (idlePhase(this.lastActivity, now).kind === 'expired') this.evaluate();
    else this.record(now);
  }

  /** 'Sign out now' in the warning. */
  signOutNow(): void {
    if (this.isOn()) this.expire('user', true);
  }

  /** Another tab wrote its last activity. */
  othersActive(at: number): void {
    if (!this.isOn()) return;
    if (at > this.lastActivity) this.lastActivity = at;
    this.evaluate();
  }

  /** Another tab ended the session (for inactivity, or its user chose to): end it here too, for the same reason. */
  othersSignedOut(reason: IdleEndReason): void {
    if (this.isOn()) this.expire(reason, false);
  }

  /** Re-reads the clock (the tab became visible again). */
  check(): void {
    if (this.isOn()) this.evaluate();
  }

  /** The host has signed out and shown the reason: the tracker is off until the next sign-in. */
  expiryHandled(): void {
    if (this.view.phase === 'expired') this.setView(OFF);
  }

  /** Stops the timer without touching the stored activity (the component unmounts). */
  detach(): void {
    this.cancelTimer();
    this.setView(OFF);
  }

  private isOn(): boolean {
    return this.view.phase === 'active' || this.view.phase === 'warning';
  }

  private record(now: number): void {
    this.lastActivity = now;
    this.options.store.write(now);
    this.evaluate();
  }

  private evaluate(): void {
    const { clock } = this.options;
    const now = clock.now();
    const phase = idlePhase(this.lastActivity, now);
    if (phase.kind === 'expired') {
      this.expire('idle', true);
      return;
    }
    const current = this.view;
    if (phase.kind === 'active') this.setView(ACTIVE);
    else if (current.phase !== 'warning' || current.secondsLeft !== phase.secondsLeft)
      this.setView({ phase: 'warning', secondsLeft: phase.secondsLeft });
    this.cancelTimer();
    this.timer = clock.setTimeout(
      () => {
        this.timer = null;
        this.evaluate();
      },
      nextChangeAt(phase)! - now,
    );
  }

  private expire(reason: IdleEndReason, announce: boolean): void {
    this.cancelTimer();
    this.setView(EXPIRED);
    const { store, onExpire } = this.options;
    // Announce before signing out, so other tabs learn the reason before Firebase tells them the user left.
    if (announce) store.announceSignOut(reason);
    store.clear();
    onExpire(reason);
  }

  private cancelTimer(): void {
    if (this.timer === null) return;
    this.options.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private setView(view: IdleView): void {
    if (view === this.view) return;
    this.view = view;
    for (const listener of this.listeners) listener();
  }
}
