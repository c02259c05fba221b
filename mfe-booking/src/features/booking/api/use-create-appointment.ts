import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, type CreateAppointmentInput } from '@medora/shared';
import { appointmentKeys, doctorKeys } from '@medora/shared/query';

/**
 * Books an appointment. A booking changes the patient's appointments and the doctors' taken slots (the
 * shell refreshes the bell after every successful mutation); a 409 (someone else took the slot) changes
 * the taken slots.
 */
export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateAppointmentInput; idempotencyKey: string }) =>
      api.createAppointment(input, idempotencyKey),
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
