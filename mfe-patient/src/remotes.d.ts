// Types of the remote modules this remote loads at run time (STYLE: remote types), checked in so the
// build and typecheck never depend on a running remote.
declare module 'mfe_booking/BookingFlow' {
  import type { ComponentType } from 'react';
  import type { BookingFlowProps } from '@medora/shared';
  const BookingFlow: ComponentType<BookingFlowProps>;
  export default BookingFlow;
}
