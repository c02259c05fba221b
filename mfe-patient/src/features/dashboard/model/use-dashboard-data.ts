import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_KEYS,
  api,
  errorMessage,
  readAccountFlag,
  type Appointment,
  type PatientDocument,
  type PatientResponse,
} from '@medora/shared';
import { appointmentKeys, documentKeys } from '@medora/shared/query';
import { profileQuery as profileOptions } from '../../../api/profile';
import { fallbackDocuments } from './documents-fallback';

export interface DashboardData {
  profileState: 'loading' | 'ready' | 'missing' | 'error';
  profileError: string | null;
  profile: PatientResponse | null;
  appointments: Appointment[];
  appointmentsLoading: boolean;
  /** The appointments could not be loaded (and none are cached): the error's text. */
  appointmentsError: string | null;
  documents: PatientDocument[];
  documentsLoading: boolean;
  documentsFallback: boolean;
  reloadAppointments: () => Promise<void>;
}

const NO_APPOINTMENTS: Appointment[] = [];

/** Local flag set by the intake on a successful save, per account. */
function profileCompletedFlag(uid: string): boolean {
  return readAccountFlag(ACCOUNT_KEYS.profileCompleted(uid));
}

/**
 * The profile, appointments and documents of `uid` from the page's QueryClient. `missing` means a 404
 * profile without the local profileCompleted flag: the page sends the patient to /form.
 */
export function useDashboardData(uid: string | null): DashboardData {
  const queryClient = useQueryClient();
  const enabled = uid !== null;
  const profileQuery = useQuery(profileOptions(uid));
  const appointmentsQuery = useQuery({
    queryKey: appointmentKeys.list(uid ?? ''),
    queryFn: () => api.listAppointments(uid!),
    enabled,
  });
  const documentsQuery = useQuery({
    queryKey: documentKeys.list(uid ?? ''),
    queryFn: () => api.listDocuments(uid!),
    enabled,
  });

  const profile = profileQuery.data ?? null;
  let profileState: DashboardData['profileState'];
  if (profileQuery.isPending) profileState = 'loading';
  else if (profileQuery.isError) profileState = 'error';
  else if (profile === null && uid && !profileCompletedFlag(uid)) profileState = 'missing';
  else profileState = 'ready';

  // When the list call fails, the list is built from the profile's file names.
  const documentsFallback = documentsQuery.isError;
  const documents = documentsFallback
    ? fallbackDocuments(profile?.data, profile?.updatedAt)
    : (documentsQuery.data ?? []);

  const reloadAppointments = useCallback(
    () => queryClient.invalidateQueries({ queryKey: appointmentKeys.list(uid ?? '') }),
    [queryClient],
  );

  return {
    profileState,
    profileError: profileQuery.isError ? errorMessage(profileQuery.error) : null,
    profile,
    appointments: appointmentsQuery.data ?? NO_APPOINTMENTS,
    appointmentsLoading: appointmentsQuery.isPending,
    appointmentsError:
      appointmentsQuery.isError && !appointmentsQuery.data ? errorMessage(appointmentsQuery.error) : null,
    documents,
    documentsLoading: documentsQuery.isPending || (documentsFallback && profileQuery.isPending),
    documentsFallback,
    reloadAppointments,
  };
}
