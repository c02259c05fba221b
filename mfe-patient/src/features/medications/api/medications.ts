import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  type MedicationInput,
  type MedicationReminderInput,
  type MedicationStatusInput,
  type MedicationUpdate,
} from '@medora/shared';
import { LIST_PAGING, medicationKeys } from '@medora/shared/query';

/** The current list, the intake's proposals and the last review of `uid`. */
export function useMedications(uid: string | null) {
  return useQuery({
    queryKey: medicationKeys.list(uid ?? ''),
    queryFn: () => api.listMedications(uid!),
    enabled: uid !== null,
  });
}

/** Stopped medicines, newest first, one page per "Show more". */
export function useMedicationHistory(uid: string) {
  return useInfiniteQuery({
    queryKey: medicationKeys.history(uid),
    queryFn: ({ pageParam }) => api.medicationHistory(uid, pageParam),
    ...LIST_PAGING,
  });
}

/**
 * Every change of the list. Each one can move an entry between the current list and the history
 * (stop, restart) or drop a proposal (confirm, dismiss), so both lists reload after any of them.
 */
export function useMedicationActions(uid: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: medicationKeys.all });
  return {
    add: useMutation({ mutationFn: (input: MedicationInput) => api.addMedication(uid, input), onSuccess }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: MedicationUpdate }) =>
        api.updateMedication(uid, id, input),
      onSuccess,
    }),
    setStatus: useMutation({
      mutationFn: ({ id, input }: { id: string; input: MedicationStatusInput }) =>
        api.setMedicationStatus(uid, id, input),
      onSuccess,
    }),
    confirm: useMutation({ mutationFn: (id: string) => api.confirmMedication(uid, id), onSuccess }),
    setReminder: useMutation({
      mutationFn: ({ id, input }: { id: string; input: MedicationReminderInput }) =>
        api.setMedicationReminder(uid, id, input),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.deleteMedication(uid, id), onSuccess }),
    dismiss: useMutation({
      mutationFn: (key: string) => api.dismissMedicationProposal(uid, key),
      onSuccess,
    }),
  };
}

export type MedicationActions = ReturnType<typeof useMedicationActions>;
