import { useEffect } from 'react';
import { useStore } from 'zustand';
import { authStore } from '@medora/shared';
import { fetchSession } from '../api/session';

/**
 * Keeps `profile` (GET /api/me) in step with the signed-in account. When the API cannot answer, the
 * profile opens nothing, so guards turn the user away rather than wait forever.
 */
export function useSessionSync(): void {
  const uid = useStore(authStore, (s) => s.user?.uid ?? null);
  const verified = useStore(authStore, (s) => s.user?.emailVerified ?? false);
  useEffect(() => {
    if (!uid) return;
    fetchSession().catch((error: unknown) => {
      console.error('[medora] GET /api/me failed', error);
      const { user, setProfile } = authStore.getState();
      if (user?.uid !== uid) return;
      setProfile({
        uid,
        email: user.email,
        role: 'patient',
        emailVerified: user.emailVerified,
        registered: false,
        access: { admin: false, providerDashboard: false },
      });
    });
  }, [uid, verified]);
}
