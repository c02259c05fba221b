import type { QueryClient } from '@tanstack/react-query';
import { notificationKeys } from '@medora/shared/query';
import { MARK_READ_MUTATION_KEY } from './use-notifications';

/**
 * Refreshes the bell after every successful mutation on the page. The shell hosts the one
 * QueryClient the remotes share, so a booking, cancellation, reschedule or upload in any remote lands in
 * this mutation cache: the notifications are invalidated here, once, with no code in the remotes.
 * Marking notifications read is skipped (it writes the new list into the cache itself).
 * Returns the unsubscribe function.
 */
export function syncNotificationsWithMutations(client: QueryClient): () => void {
  return client.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const key = event.mutation.options.mutationKey;
    if (key && key[0] === MARK_READ_MUTATION_KEY[0] && key[1] === MARK_READ_MUTATION_KEY[1]) return;
    void client.invalidateQueries({ queryKey: notificationKeys.all });
  });
}
