import { useNavigate } from 'react-router-dom';
import { MESSAGES, type RemotePageProps } from '@medora/shared';
import { BookingFlow } from '../features/booking/components/booking-flow';
import css from './booking-page.module.css';

/** `/book-appointment` (spec §2 Book appointment): Cancel and a successful booking go to /dashboard. */
export default function BookingPage(_props: RemotePageProps) {
  const navigate = useNavigate();
  return (
    <main className={css.page}>
      <div className={css.head}>
        <h1>{MESSAGES.bookingHeading}</h1>
      </div>
      <BookingFlow
        variant="page"
        onCancel={() => void navigate('/dashboard')}
        onBooked={() => void navigate('/dashboard')}
      />
      <p className={css.build}>
        {MESSAGES.buildLabel} <code data-testid="build-id">{__BUILD_ID__}</code>
      </p>
    </main>
  );
}
