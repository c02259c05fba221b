import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type VisitOutcome } from '@medora/shared';
import { appointmentKeys, providerKeys } from '@medora/shared/query';

/**
 * A doctor's change to one appointment: the doctor's lists and counters reload, and so do the
 * appointment lists cached on the page (the same appointment, seen by its patient).
 */
function useAppointmentChange<V>(mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: providerKeys.all }),
        queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
      ]),
  });
}

/** Marks a started visit Completed or No-Show. */
export const useSetVisitStatus = () =>
  useAppointmentChange((v: { id: string; status: VisitOutcome }) => api.setAppointmentStatus(v.id, v.status));

/** Undoes a Completed / No-Show mark within VISIT_UNDO_HOURS. */
export const useReopenVisit = () => useAppointmentChange((id: string) => api.reopenAppointment(id));

/** Cancels an upcoming appointment with the reason the patient sees. */
export const useDoctorCancel = () =>
  useAppointmentChange((v: { id: string; reason: string }) => api.doctorCancelAppointment(v.id, v.reason));

/** Attaches (or replaces) the visit's prescription. */
export const useUploadPrescription = () =>
  useAppointmentChange((v: { id: string; file: File }) => api.uploadPrescription(v.id, v.file, v.file.name));
