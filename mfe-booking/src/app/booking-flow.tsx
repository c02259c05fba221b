// The texts only this package uses (the message catalogue's booking area), before any module reads them.
import '@medora/shared/messages/booking';
import type { BookingFlowProps } from '@medora/shared';
import { BookingFlow } from '../features/booking/components/booking-flow';

/**
 * `mfe_booking/BookingFlow`: the booking flow for the dashboard's Book Appointment tab (variant
 * 'dashboard': intro, Reset, onBooked) or any other host. Props are typed in @medora/shared.
 */
export default function ExposedBookingFlow(props: BookingFlowProps) {
  return <BookingFlow {...props} />;
}
