import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CreateAppointmentInput } from '@medora/shared';
import { slotMutationCallbacks } from './slot-mutation';

/** Books an appointment; see slotMutationCallbacks for what it refreshes. */
export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateAppointmentInput; idempotencyKey: string }) =>
      api.createAppointment(input, idempotencyKey),
    ...slotMutationCallbacks(queryClient),
  });
}
