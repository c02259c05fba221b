import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { authStore } from '@medora/shared';
import { sessionKeys } from '@medora/shared/query';
import { fetchSession } from '../api/session';

/**
 * Keeps `profile` (GET /api/me) in step with the signed-in account, as a query of the page's
 * QueryClient (creating the user record invalidates `sessionKeys`). When the API cannot answer, the
 * profile opens nothing, so guards turn the user away rather than wait forever.
 */
export function useSessionSync(): void {
  const uid = useStore(authStore, (s) => s.user?.uid ?? null);
  const verified = useStore(authStore, (s) => s.user?.emailVerified ?? false);
  // fetchSession writes the answer to the auth store, where the guards and the remotes read it.
  const { error } = useQuery({
    queryKey: sessionKeys.me(uid ?? '', verified),
    queryFn: fetchSession,
    enabled: uid !== null,
  });
  useEffect(() => {
    if (!error || !uid) return;
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
  }, [error, uid]);
}
