// The texts only this package uses (the message catalogue's booking area), before any module reads them.
import '@medora/shared/messages/booking';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from '@medora/shared/router';
import { FOCUS_MAIN_STATE, MESSAGES, type RemotePageProps } from '@medora/shared';
import { BookingFlow } from '../features/booking/components/booking-flow';
import css from './booking-page.module.css';

/**
 * `/book-appointment`: Cancel and a successful booking go to /dashboard.
 * `?reschedule=<id>` moves that appointment instead, then shows the appointments.
 */
export default function BookingPage(_props: RemotePageProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rescheduleId = params.get('reschedule') || undefined;
  const back = rescheduleId ? '/dashboard?tab=appointments&sub=upcoming' : '/dashboard';
  // Arriving from another page (Reschedule in the appointment's details), focus starts at this page's
  // heading instead of the page body.
  const heading = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    // The build id is for support and the redeploy test, not for patients: an attribute only.
    <main className={css.page} data-build-id={__BUILD_ID__}>
      <div className={css.head}>
        <h1 ref={heading} tabIndex={-1}>
          {rescheduleId ? MESSAGES.rescheduleHeading : MESSAGES.bookingHeading}
        </h1>
      </div>
      <BookingFlow
        variant="page"
        rescheduleId={rescheduleId}
        onCancel={() => void navigate(back)}
        onBooked={() => void navigate(back, { state: FOCUS_MAIN_STATE })}
      />
    </main>
  );
}
