import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { MESSAGES, formatMessage, type Appointment, type BookingFlowProps } from '@medora/shared';

type BookingFlowModule = { default: ComponentType<BookingFlowProps> };
export type BookingFlowLoader = () => Promise<BookingFlowModule>;

const REQUEST = 'mfe_booking/BookingFlow';

interface FederationInstanceLike {
  options?: { remotes?: { name?: string }[] };
  loadRemote: <T>(request: string) => Promise<T | null>;
}

/**
 * The page's federation instance that has the booking remote registered: the shell's (it registers
 * every remote from the runtime config). A remote's own instance has no remotes of its own.
 */
function hostWithBooking(): FederationInstanceLike | undefined {
  const instances = (globalThis as { __FEDERATION__?: { __INSTANCES__?: FederationInstanceLike[] } })
    .__FEDERATION__?.__INSTANCES__;
  return instances?.find((i) => i.options?.remotes?.some((r) => r.name === 'mfe_booking'));
}

/** The booking remote's exposed flow, through the shell's federation runtime. */
export const loadBookingFlow: BookingFlowLoader = async () => {
  const host = hostWithBooking();
  const mod = host
    ? await host.loadRemote<BookingFlowModule>(REQUEST)
    : await loadRemote<BookingFlowModule>(REQUEST);
  if (!mod || typeof mod.default !== 'function')
    throw new Error(`Remote module '${REQUEST}' has no default export`);
  return mod;
};

/** Book Appointment: mfe_booking's BookingFlow (variant 'dashboard'); a failed load offers Retry. */
export function BookTab({
  onBooked,
  loader = loadBookingFlow,
}: {
  onBooked: (a: Appointment) => void;
  loader?: BookingFlowLoader;
}) {
  const [attempt, setAttempt] = useState(0);
  // A rejected lazy stays rejected: each retry needs a new one.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const Flow = useMemo(() => lazy(loader), [loader, attempt]);
  return (
    <ErrorBoundary
      onReset={() => setAttempt((n) => n + 1)}
      fallbackRender={({ resetErrorBoundary }) => (
        <div className="md-dash-empty" role="alert">
          <p>{formatMessage('remoteFailed', { remote: 'booking' })}</p>
          <button type="button" className="md-button md-primary" onClick={resetErrorBoundary}>
            {MESSAGES.retry}
          </button>
        </div>
      )}
    >
      <Suspense
        fallback={
          <p role="status" className="md-muted">
            {MESSAGES.loading}
          </p>
        }
      >
        <Flow variant="dashboard" onBooked={onBooked} />
      </Suspense>
    </ErrorBoundary>
  );
}
