import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import {
  api,
  authStore,
  type Account,
  type NotificationPreferences,
  type UpdateAccountInput,
} from '@medora/shared';
import { settingsKeys } from '@medora/shared/query';

const useUid = () => useStore(authStore, (s) => s.user?.uid ?? '');

/** `GET /api/me/account`: name, phone and the e-mail of the verified token. */
export function useAccount() {
  const uid = useUid();
  return useQuery({ queryKey: settingsKeys.account(uid), queryFn: () => api.account(), enabled: uid !== '' });
}

/** `PATCH /api/me/account`; the answer becomes the cached account. */
export function useUpdateAccount() {
  const uid = useUid();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAccountInput) => api.updateAccount(input),
    onSuccess: (account: Account) => client.setQueryData(settingsKeys.account(uid), account),
  });
}

/** `GET /api/me/preferences` (the shared defaults until saved). */
export function usePreferences() {
  const uid = useUid();
  return useQuery({
    queryKey: settingsKeys.preferences(uid),
    queryFn: () => api.preferences(),
    enabled: uid !== '',
  });
}

/** `PUT /api/me/preferences`; the answer becomes the cached preferences. */
export function useSavePreferences() {
  const uid = useUid();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferences) => api.updatePreferences(input),
    onSuccess: (saved) => client.setQueryData(settingsKeys.preferences(uid), saved),
  });
}
