import { Link } from 'react-router-dom';
import type { RemotePageProps } from '@medora/shared';

/** Placeholder of the standalone booking page (spec §2 "Book appointment"). */
export default function BookingPage(_props: RemotePageProps) {
  return (
    <main style={{ padding: '2rem' }}>
      <h1>Book an appointment</h1>
      <p>Choose a doctor, a date and a time slot. The booking flow is coming soon.</p>
      <p>
        Build: <code data-testid="build-id">{__BUILD_ID__}</code>
      </p>
      <Link to="/dashboard">Cancel</Link>
    </main>
  );
}
