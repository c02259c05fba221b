import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@medora/shared';
import { appointmentKeys, doctorKeys } from '@medora/shared/query';

/**
 * What a mutation that takes a slot (a booking or a reschedule) refreshes: on success the patient's
 * appointments and the doctors' taken slots; on a 409 (the slot was taken meanwhile) the taken slots.
 * The shell refreshes the bell after every successful mutation.
 */
export function slotMutationCallbacks(queryClient: QueryClient) {
  return {
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: doctorKeys.all }),
      ]),
    onError: (error: Error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: doctorKeys.all });
      }
    },
  };
}
