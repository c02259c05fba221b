import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type RescheduleAppointmentInput } from '@medora/shared';
import { slotMutationCallbacks } from './slot-mutation';

/**
 * Moves an appointment to another slot of its doctor; like a booking it refreshes the
 * appointments and the taken slots (the old one is free again), see slotMutationCallbacks.
 */
export function useRescheduleAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RescheduleAppointmentInput }) =>
      api.rescheduleAppointment(id, input),
    ...slotMutationCallbacks(queryClient),
  });
}
