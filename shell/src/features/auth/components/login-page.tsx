import { useId, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { authStore, errorMessage, formatMessage, MESSAGES } from '@medora/shared';
import { useRuntimeConfig } from '../../../app/runtime-config';

type Action = 'sign-in' | 'sign-up';

/**
 * Thin email/password login (a placeholder until the full login screen of spec §2 lands). Firebase
 * code is imported lazily, so it loads only when someone actually signs in.
 */
export function LoginPage({ title }: { title: string }) {
  const config = useRuntimeConfig();
  const user = useStore(authStore, (s) => s.user);
  const status = useStore(authStore, (s) => s.status);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailId = useId();
  const passwordId = useId();

  async function submit(action: Action) {
    setError(null);
    if (!email || !password) {
      setError(MESSAGES.emailPasswordRequired);
      return;
    }
    setBusy(true);
    try {
      const [{ startFirebaseAuth }, fb] = await Promise.all([import('../firebase'), import('firebase/auth')]);
      const auth = startFirebaseAuth(config);
      if (action === 'sign-in') await fb.signInWithEmailAndPassword(auth, email, password);
      else await fb.createUserWithEmailAndPassword(auth, email, password);
      setPassword('');
    } catch (e) {
      setError(
        formatMessage(action === 'sign-in' ? 'loginFailed' : 'signupFailed', { message: errorMessage(e) }),
      );
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit('sign-in');
  }

  if (user) {
    return (
      <main style={{ padding: '2rem' }}>
        <h1>{title}</h1>
        <p data-testid="signed-in-email">{formatMessage('signedInAs', { email: user.email ?? '' })}</p>
        <button type="button" onClick={() => void authStore.getState().signOut()}>
          {MESSAGES.signOut}
        </button>
      </main>
    );
  }

  return (
    <main style={{ padding: '2rem', maxWidth: 420 }}>
      <h1>{title}</h1>
      <form
        onSubmit={onSubmit}
        aria-busy={busy || status === 'loading'}
        style={{ display: 'grid', gap: '0.75rem' }}
      >
        <label htmlFor={emailId}>{MESSAGES.emailLabel}</label>
        <input
          id={emailId}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <label htmlFor={passwordId}>{MESSAGES.passwordLabel}</label>
        <input
          id={passwordId}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && <p role="alert">{error}</p>}
        <div style={{ display: 'flex', gap: '0.5rem' }}>
          <button type="submit" disabled={busy}>
            {MESSAGES.signIn}
          </button>
          <button type="button" disabled={busy} onClick={() => void submit('sign-up')}>
            {MESSAGES.createAccount}
          </button>
        </div>
      </form>
    </main>
  );
}
