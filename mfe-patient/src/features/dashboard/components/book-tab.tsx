import type { ComponentType } from 'react';
import {
  formatMessage,
  providedRemoteRoute,
  REMOTE_MODULES,
  type Appointment,
  type RemoteRouteProps,
} from '@medora/shared';

type BookingFlowRequest = typeof REMOTE_MODULES.booking.BookingFlow;
/** The shell's remote route for this request: its props are BookingFlow's, from RemoteModuleProps. */
type RemoteRoute = ComponentType<RemoteRouteProps<BookingFlowRequest>>;

/**
 * Book Appointment: mfe_booking's BookingFlow (variant 'dashboard'), mounted through the shell's remote
 * route (one loader on the page: its boundary, Loading and 'Loading chunk failed' with Retry).
 */
export function BookTab({ onBooked }: { onBooked: (a: Appointment) => void }) {
  const Route = providedRemoteRoute<RemoteRoute>();
  // Only this remote's standalone mount has no shell, hence no remote route.
  if (!Route) return <p role="alert">{formatMessage('remoteFailed', { remote: 'booking' })}</p>;
  return (
    <Route request={REMOTE_MODULES.booking.BookingFlow} embedded variant="dashboard" onBooked={onBooked} />
  );
}
