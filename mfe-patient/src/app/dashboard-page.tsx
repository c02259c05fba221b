import { Link } from 'react-router-dom';
import { useStore } from 'zustand';
import { authStore, formatMessage, MESSAGES, type RemotePageProps } from '@medora/shared';

/**
 * Placeholder patient dashboard (spec §2 "Patient dashboard"). It reads the shared auth store, which
 * proves shell and remote share one store (`@medora/shared` is a federation singleton).
 */
export default function DashboardPage(_props: RemotePageProps) {
  const email = useStore(authStore, (s) => s.user?.email ?? null);
  const signedIn = useStore(authStore, (s) => s.status === 'signed-in');
  return (
    <main style={{ padding: '2rem' }}>
      <h1>Patient dashboard</h1>
      <p data-testid="auth-email">
        {signedIn ? formatMessage('signedInAs', { email: email ?? '' }) : MESSAGES.notSignedIn}
      </p>
      <nav aria-label="Patient" style={{ display: 'flex', gap: '1rem' }}>
        <Link to="/form">Intake form</Link>
        <Link to="/book-appointment">Book appointment</Link>
      </nav>
    </main>
  );
}
