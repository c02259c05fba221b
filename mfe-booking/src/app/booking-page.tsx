import { useNavigate } from 'react-router-dom';
import { MESSAGES, type RemotePageProps } from '@medora/shared';
import { BookingFlow } from '../features/booking/components/booking-flow';
import css from './booking-page.module.css';

/** `/book-appointment` (spec §2 Book appointment): Cancel and a successful booking go to /dashboard. */
export default function BookingPage(_props: RemotePageProps) {
  const navigate = useNavigate();
  return (
    // The build id is for support and the redeploy test, not for patients (issue 15 §6): an attribute only.
    <main className={css.page} data-build-id={__BUILD_ID__}>
      <div className={css.head}>
        <h1>{MESSAGES.bookingHeading}</h1>
      </div>
      <BookingFlow
        variant="page"
        onCancel={() => void navigate('/dashboard')}
        onBooked={() => void navigate('/dashboard')}
      />
    </main>
  );
}
