import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import {
  api,
  authStore,
  errorMessage,
  formatMessage,
  notify,
  type NotificationsResponse,
} from '@medora/shared';
import { notificationKeys } from '@medora/shared/query';

const EMPTY: NotificationsResponse = { items: [], nextCursor: null, unread: 0 };

/** How often an open page asks for new notifications (besides on focus and after every mutation). */
export const NOTIFICATIONS_REFRESH_MS = 60_000;

/** The key of marking notifications read: its success updates the list itself (no refetch needed). */
export const MARK_READ_MUTATION_KEY = [...notificationKeys.all, 'mark-read'] as const;

/**
 * The signed-in user's notifications (GET /api/notifications) and marking them read. A query of the
 * page's QueryClient: any successful mutation on the page (a booking, cancel or upload in a remote)
 * invalidates `notificationKeys` (`syncNotificationsWithMutations`), and the query refetches on window
 * focus and every minute, so the bell updates without a reload.
 */
export function useNotifications() {
  const uid = useStore(authStore, (s) => s.user?.uid ?? null);
  const registered = useStore(authStore, (s) => s.profile?.registered ?? false);
  const queryClient = useQueryClient();
  const key = notificationKeys.list(uid ?? '');
  const query = useQuery({
    queryKey: key,
    queryFn: () => api.notifications(),
    enabled: uid !== null && registered,
    refetchOnWindowFocus: true,
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });
  const mark = useMutation({
    mutationKey: MARK_READ_MUTATION_KEY,
    mutationFn: (ids: string[]) => api.markNotificationsRead(ids),
    onSuccess: (res) => queryClient.setQueryData(key, res),
    onError: (error) => notify.error(formatMessage('notificationsFailed', { message: errorMessage(error) })),
  });

  const signedIn = uid !== null && registered;
  const data = (signedIn && query.data) || EMPTY;
  return {
    ...data,
    /** The list could not be loaded: the error's text for the panel. */
    error: signedIn && query.isError && !query.data ? errorMessage(query.error) : null,
    markRead: async (ids: string[]) => {
      if (ids.length === 0) return;
      await mark.mutateAsync(ids).catch(() => undefined);
    },
  };
}
