import { REMOTE_CONTAINERS, REMOTE_NAMES, type RemoteName } from '@medora/shared';

/** 'mfe_booking/BookingPage' → 'booking' (or the container name if it is not one of ours). */
export function remoteNameOf(request: string): RemoteName | string {
  const container = request.split('/')[0] ?? request;
  return REMOTE_NAMES.find((name) => REMOTE_CONTAINERS[name] === container) ?? container;
}
