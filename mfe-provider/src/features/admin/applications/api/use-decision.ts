import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type DoctorApplication } from '@medora/shared';
import { adminKeys, doctorKeys } from '@medora/shared/query';

/** An admin's decision on the version of an application shown (409 when it changed). */
export type Decision =
  | { kind: 'approve'; app: DoctorApplication }
  | { kind: 'reject'; app: DoctorApplication; reason: string }
  | { kind: 'reopen'; app: DoctorApplication }
  // An approved doctor is suspended (with a reason) and reinstated.
  | { kind: 'suspend'; app: DoctorApplication; reason: string }
  | { kind: 'reinstate'; app: DoctorApplication };

function send(decision: Decision): Promise<unknown> {
  const { id, version } = decision.app;
  if (decision.kind === 'approve') return api.approveDoctor(id, version);
  if (decision.kind === 'reject') return api.rejectDoctor(id, version, decision.reason);
  if (decision.kind === 'suspend') return api.suspendDoctor(id, version, decision.reason);
  if (decision.kind === 'reinstate') return api.reinstateDoctor(id, version);
  return api.reopenDoctor(id, version);
}

/**
 * Sends a decision. It moves the application between queues, changes the counters and which doctors
 * are bookable; after a 409 too the queues reload, so the admin sees the current version.
 */
export function useDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: doctorKeys.all }),
      ]),
  });
}
