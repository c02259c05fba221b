import { Link } from 'react-router-dom';
import type { RemotePageProps } from '@medora/shared';

/** Placeholder of the guided intake (spec §2 "Intake form"). */
export default function IntakePage(_props: RemotePageProps) {
  return (
    <main style={{ padding: '2rem' }}>
      <h1>Patient intake</h1>
      <p>The guided, one-question-at-a-time intake is coming soon.</p>
      <Link to="/dashboard">Back to dashboard</Link>
    </main>
  );
}
