import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, type RescheduleAppointmentInput } from '@medora/shared';
import { appointmentKeys, doctorKeys } from '@medora/shared/query';

/**
 * Moves an appointment to another slot of its doctor (issue 15 §5). Like a booking it changes the
 * patient's appointments and the doctor's taken slots (the old one is free again); a 409
 * (the slot was taken meanwhile) changes the taken slots.
 */
export function useRescheduleAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RescheduleAppointmentInput }) =>
      api.rescheduleAppointment(id, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: doctorKeys.all }),
      ]),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: doctorKeys.all });
      }
    },
  });
}
