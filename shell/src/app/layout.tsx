import { useEffect } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { useStore } from 'zustand';
import { authStore } from '@medora/shared';
import { useRuntimeConfig } from './runtime-config';

/** The shell's header: it stays when a remote fails (ARCHITECTURE rule 3). */
export function Header() {
  const email = useStore(authStore, (s) => s.user?.email ?? null);
  return (
    <header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: '1.5rem',
        padding: '0.75rem 1.5rem',
        borderBottom: '1px solid #e5e7eb',
      }}
    >
      <Link to="/" style={{ fontWeight: 700, fontSize: '1.25rem', textDecoration: 'none' }}>
        Medora
      </Link>
      <nav aria-label="Main" style={{ display: 'flex', gap: '1rem', flex: 1 }}>
        <Link to="/dashboard">Dashboard</Link>
        <Link to="/book-appointment">Book appointment</Link>
        <Link to="/provider-dashboard">Providers</Link>
      </nav>
      {email ? <Link to="/patient-login">{email}</Link> : <Link to="/patient-login">Login</Link>}
    </header>
  );
}

/** Root layout: header + the current route. Starts Firebase Auth after the first render. */
export function Layout() {
  const config = useRuntimeConfig();
  useEffect(() => {
    // Dynamic import: the landing page must not pay for auth code before first paint.
    void import('../features/auth/firebase')
      .then(({ startFirebaseAuth }) => startFirebaseAuth(config))
      .catch((error: unknown) => console.error('[medora] Firebase Auth failed to start', error));
  }, [config]);
  return (
    <>
      <Header />
      <Outlet />
    </>
  );
}
