import { useCallback, useEffect, useState } from 'react';
import {
  ACCOUNT_KEYS,
  api,
  readAccountFlag,
  type Appointment,
  type PatientDocument,
  type PatientResponse,
} from '@medora/shared';
import { fallbackDocuments } from './documents-fallback';

export interface DashboardData {
  profileState: 'loading' | 'ready' | 'missing' | 'error';
  profileError: string | null;
  profile: PatientResponse | null;
  appointments: Appointment[];
  appointmentsLoading: boolean;
  documents: PatientDocument[];
  documentsLoading: boolean;
  documentsFallback: boolean;
  reloadAppointments: () => Promise<void>;
  reloadDocuments: () => Promise<void>;
}

/** Local flag set by the intake on a successful save (spec §4 Dashboard load), per account. */
function profileCompletedFlag(uid: string): boolean {
  return readAccountFlag(ACCOUNT_KEYS.profileCompleted(uid));
}

/**
 * Loads the profile, appointments and documents of `uid`. `missing` means a 404 profile without the
 * local profileCompleted flag: the page sends the patient to /form.
 */
export function useDashboardData(uid: string | null): DashboardData {
  const [profileState, setProfileState] = useState<DashboardData['profileState']>('loading');
  const [profileError, setProfileError] = useState<string | null>(null);
  const [profile, setProfile] = useState<PatientResponse | null>(null);
  const [appointments, setAppointments] = useState<Appointment[]>([]);
  const [appointmentsLoading, setAppointmentsLoading] = useState(true);
  const [documents, setDocuments] = useState<PatientDocument[]>([]);
  const [documentsLoading, setDocumentsLoading] = useState(true);
  const [documentsFallback, setDocumentsFallback] = useState(false);

  const reloadAppointments = useCallback(async () => {
    if (!uid) return;
    setAppointmentsLoading(true);
    try {
      setAppointments(await api.listAppointments(uid));
    } catch {
      // Keep what is shown; the list stays as it was.
    } finally {
      setAppointmentsLoading(false);
    }
  }, [uid]);

  const loadDocuments = useCallback(
    async (fallbackFrom: PatientResponse | null) => {
      if (!uid) return;
      setDocumentsLoading(true);
      try {
        setDocuments(await api.listDocuments(uid));
        setDocumentsFallback(false);
      } catch {
        // Spec §7: on failure, the list is built from the profile's file names.
        setDocuments(fallbackDocuments(fallbackFrom?.data, fallbackFrom?.updatedAt));
        setDocumentsFallback(true);
      } finally {
        setDocumentsLoading(false);
      }
    },
    [uid],
  );

  const reloadDocuments = useCallback(() => loadDocuments(profile), [loadDocuments, profile]);

  useEffect(() => {
    if (!uid) return;
    let live = true;
    setProfileState('loading');
    const profileLoad = api.getPatient(uid).then(
      (p) => {
        if (!live) return null;
        setProfile(p);
        setProfileState('ready');
        return p;
      },
      (e: unknown) => {
        if (!live) return null;
        if ((e as { status?: unknown } | null)?.status === 404) {
          setProfileState(profileCompletedFlag(uid) ? 'ready' : 'missing');
        } else {
          setProfileError(e instanceof Error ? e.message : String(e));
          setProfileState('error');
        }
        return null;
      },
    );
    void reloadAppointments();
    void profileLoad.then((p) => {
      if (live) void loadDocuments(p);
    });
    return () => {
      live = false;
    };
  }, [uid, reloadAppointments, loadDocuments]);

  return {
    profileState,
    profileError,
    profile,
    appointments,
    appointmentsLoading,
    documents,
    documentsLoading,
    documentsFallback,
    reloadAppointments,
    reloadDocuments,
  };
}
