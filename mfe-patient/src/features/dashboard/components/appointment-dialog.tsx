import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@medora/shared/router';
import {
  errorMessage,
  api,
  confirmDialog,
  formatAppointmentWhen,
  formatDateTime,
  formatMessage,
  isOpenStatus,
  isUpcoming,
  MESSAGES,
  notify,
  type Appointment,
} from '@medora/shared';
import { appointmentKeys } from '@medora/shared/query';
import { useCancelAppointment } from '../api/mutations';
import { statusLabel } from '../model/appointments';
import { Modal, ModalActions, saveBlob } from '@medora/shared/ui';
import { ActionButton } from '../../../components/action-button';
import css from './dashboard.module.css';

interface AppointmentDialogProps {
  appointment: Appointment;
  onClose: () => void;
  /** After a successful cancel (the lists are refreshed by the mutation). */
  onCancelled: () => void;
}

/**
 * Details of one appointment from `GET /api/appointments/{id}`; if that fails the list's data is shown
 * (errors are ignored). Reschedule (upcoming only: the booking page's date and slot
 * steps), Cancel and 'Add to calendar (.ics)'. Dates read 'Fri 27 Nov 2026, 11:30 AM CST'.
 */
export function AppointmentDialog({ appointment, onClose, onCancelled }: AppointmentDialogProps) {
  // Until (or unless) the details call answers, the list's data is shown.
  const { data } = useQuery({
    queryKey: appointmentKeys.detail(appointment.id),
    queryFn: () => api.getAppointment(appointment.id),
  });
  const details = data ?? appointment;
  const when = formatAppointmentWhen(details);
  const navigate = useNavigate();
  const cancellation = useCancelAppointment();
  const [busy, setBusy] = useState<'cancel' | 'ics' | 'prescription' | null>(null);

  async function cancel() {
    const ok = await confirmDialog({
      title: MESSAGES.cancelAppointment,
      message: formatMessage('cancelAppointmentConfirm', { doctor: details.doctor, date: when }),
      confirmLabel: MESSAGES.cancelAppointment,
      cancelLabel: MESSAGES.keepAppointment,
      danger: true,
    });
    if (!ok) return;
    setBusy('cancel');
    try {
      await cancellation.mutateAsync(details.id);
      notify.success(MESSAGES.appointmentCancelled);
      onCancelled();
    } catch (e) {
      notify.error(formatMessage('appointmentCancelFailed', { message: errorMessage(e) }));
    } finally {
      setBusy(null);
    }
  }

  // The prescription and calendar routes need the ID token, so the API client fetches the files.
  async function download(
    kind: 'prescription' | 'ics',
    fetchFile: (id: string) => Promise<{ blob: Blob; fileName?: string | null }>,
    fallbackName: string,
    failure: 'prescriptionDownloadFailed' | 'calendarFailed',
  ) {
    setBusy(kind);
    try {
      const file = await fetchFile(details.id);
      saveBlob(file.blob, file.fileName ?? fallbackName);
    } catch (e) {
      notify.error(formatMessage(failure, { message: errorMessage(e) }));
    } finally {
      setBusy(null);
    }
  }
  const downloadPrescription = () =>
    download('prescription', api.prescriptionFile, 'prescription.pdf', 'prescriptionDownloadFailed');
  const downloadIcs = () => download('ics', api.appointmentIcs, 'appointment.ics', 'calendarFailed');

  const status = statusLabel(details.status);
  return (
    <Modal title={MESSAGES.appointmentDetails} onClose={onClose} testId="appointment-dialog">
      <dl className={css.details}>
        <dt>{MESSAGES.appointmentDateLabel}</dt>
        <dd>{when}</dd>
        {details.rescheduledFrom ? (
          <>
            <dt>{MESSAGES.rescheduledFromLabel}</dt>
            <dd>{formatDateTime(details.rescheduledFrom, details.timeZone)}</dd>
          </>
        ) : null}
        <dt>{MESSAGES.appointmentDoctorLabel}</dt>
        <dd>
          {details.doctor}
          {details.specialty ? (
            <span className="md-muted">
              {MESSAGES.listSeparator}
              {details.specialty}
            </span>
          ) : null}
        </dd>
        <dt>{MESSAGES.appointmentClinicLabel}</dt>
        <dd>{details.clinic}</dd>
        <dt>{MESSAGES.appointmentStatusLabel}</dt>
        <dd>
          <span className={css.status} data-status={status}>
            {status}
          </span>
        </dd>
        <dt>{MESSAGES.appointmentNotesLabel}</dt>
        <dd>{details.notes || MESSAGES.noValue}</dd>
        {details.status === 'Cancelled' && details.cancelledBy === 'doctor' && details.cancelReason ? (
          <>
            <dt>{MESSAGES.appointmentCancelReasonLabel}</dt>
            <dd>{formatMessage('appointmentCancelledByDoctor', { reason: details.cancelReason })}</dd>
          </>
        ) : null}
      </dl>
      <ModalActions>
        {details.prescriptionUrl && (
          <ActionButton onClick={() => void downloadPrescription()} disabled={busy !== null}>
            {MESSAGES.downloadPrescription}
          </ActionButton>
        )}
        <ActionButton onClick={() => void downloadIcs()} disabled={busy !== null}>
          {MESSAGES.addToCalendar}
        </ActionButton>
        {isUpcoming(details) && (
          <ActionButton
            onClick={() => void navigate(`/book-appointment?reschedule=${encodeURIComponent(details.id)}`)}
            disabled={busy !== null}
          >
            {MESSAGES.rescheduleButton}
          </ActionButton>
        )}
        {/* The API lets a patient cancel any open appointment, a past one included. */}
        {isOpenStatus(details.status) && (
          <ActionButton onClick={() => void cancel()} disabled={busy !== null} danger>
            {MESSAGES.cancelAppointment}
          </ActionButton>
        )}
      </ModalActions>
    </Modal>
  );
}
