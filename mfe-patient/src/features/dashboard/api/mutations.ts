import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@medora/shared';
import {
  appointmentKeys,
  doctorKeys,
  documentKeys,
  notificationKeys,
  patientKeys,
} from '@medora/shared/query';

/**
 * Cancels an appointment. The lists change, the slot is free again in the booking flow (doctors'
 * taken slots); the shell refreshes the bell after every successful mutation.
 */
export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.cancelAppointment(id),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: doctorKeys.all }),
      ]),
  });
}

/**
 * Uploads PDFs one by one as medical reports; the documents list and the bell refresh, also after a
 * partial failure (the shell refreshes the bell only after a mutation that succeeded).
 */
export function useUploadDocuments(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (files: File[]) => {
      for (const file of files) await api.uploadDocument(uid, file, file.name, 'Medical Report');
    },
    // Also after a partial failure: the files uploaded before it are listed.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.list(uid) }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      ]),
  });
}

/** Deletes one document; the documents list refreshes. */
export function useDeleteDocument(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.deleteDocument(uid, id),
    // The server also drops the file from the record: the summary reloads it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.list(uid) }),
        queryClient.invalidateQueries({ queryKey: patientKeys.all }),
      ]),
  });
}
