import { useCallback, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import {
  api,
  authStore,
  errorMessage,
  formatMessage,
  notify,
  type NotificationsResponse,
} from '@medora/shared';

const EMPTY: NotificationsResponse = { items: [], unread: 0 };

/** The signed-in user's notifications (GET /api/notifications) and marking them read. */
export function useNotifications() {
  const uid = useStore(authStore, (s) => s.user?.uid ?? null);
  const registered = useStore(authStore, (s) => s.profile?.registered ?? false);
  const [data, setData] = useState<NotificationsResponse>(EMPTY);

  useEffect(() => {
    if (!uid || !registered) {
      setData(EMPTY);
      return;
    }
    let live = true;
    api.notifications().then(
      (res) => live && setData(res),
      (error: unknown) => console.error('[medora] notifications', error),
    );
    return () => {
      live = false;
    };
  }, [uid, registered]);

  const markRead = useCallback(async (ids: string[]) => {
    if (ids.length === 0) return;
    try {
      setData(await api.markNotificationsRead(ids));
    } catch (error) {
      notify.error(formatMessage('notificationsFailed', { message: errorMessage(error) }));
    }
  }, []);

  return { ...data, markRead };
}
