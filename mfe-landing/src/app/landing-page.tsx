import { Link } from 'react-router-dom';
import type { RemotePageProps } from '@medora/shared';

/** Placeholder landing page (spec §2 "Landing page"); the full page comes in its own issue. */
export default function LandingPage(_props: RemotePageProps) {
  return (
    <main style={{ padding: '2rem', maxWidth: 720, margin: '0 auto' }}>
      <h1>Medora</h1>
      <p>Your health records and appointments in one secure place.</p>
      <nav aria-label="Get started" style={{ display: 'flex', gap: '1rem' }}>
        <Link to="/patient-login">Login</Link>
        <Link to="/patient-login">Get Started</Link>
      </nav>
    </main>
  );
}
