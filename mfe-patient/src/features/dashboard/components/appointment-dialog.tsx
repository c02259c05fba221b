import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  api,
  confirmDialog,
  formatMessage,
  isOpenStatus,
  MESSAGES,
  notify,
  type Appointment,
} from '@medora/shared';
import { appointmentKeys } from '@medora/shared/query';
import { useCancelAppointment } from '../api/mutations';
import { statusLabel } from '../model/appointments';
import { errorMessage, saveBlob } from '../model/files';
import { Modal } from './modal';

interface AppointmentDialogProps {
  appointment: Appointment;
  onClose: () => void;
  /** After a successful cancel (the lists are refreshed by the mutation). */
  onCancelled: () => void;
}

/**
 * Details of one appointment from `GET /api/appointments/{id}`; if that fails the list's data is shown
 * (errors are ignored, spec §2). Cancel (upcoming only) and 'Add to calendar (.ics)'.
 */
export function AppointmentDialog({ appointment, onClose, onCancelled }: AppointmentDialogProps) {
  // Spec §2: until (or unless) the details call answers, the list's data is shown.
  const { data } = useQuery({
    queryKey: appointmentKeys.detail(appointment.id),
    queryFn: () => api.getAppointment(appointment.id),
  });
  const details = data ?? appointment;
  const cancellation = useCancelAppointment();
  const [busy, setBusy] = useState<'cancel' | 'ics' | 'prescription' | null>(null);

  async function cancel() {
    const ok = await confirmDialog({
      title: MESSAGES.cancelAppointment,
      message: formatMessage('cancelAppointmentConfirm', { doctor: details.doctor, date: details.date }),
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

  // The prescription route needs the ID token, so it is fetched by the API client, not a plain link.
  async function downloadPrescription() {
    setBusy('prescription');
    try {
      const file = await api.prescriptionFile(details.id);
      saveBlob(file.blob, file.fileName ?? 'prescription.pdf');
    } catch (e) {
      notify.error(formatMessage('prescriptionDownloadFailed', { message: errorMessage(e) }));
    } finally {
      setBusy(null);
    }
  }

  async function downloadIcs() {
    setBusy('ics');
    try {
      const file = await api.appointmentIcs(details.id);
      saveBlob(file.blob, file.fileName ?? 'appointment.ics');
    } catch (e) {
      notify.error(formatMessage('calendarFailed', { message: errorMessage(e) }));
    } finally {
      setBusy(null);
    }
  }

  const status = statusLabel(details.status);
  return (
    <Modal title={MESSAGES.appointmentDetails} onClose={onClose} testId="appointment-dialog">
      <dl className="md-dash-details">
        <dt>{MESSAGES.appointmentDateLabel}</dt>
        <dd>{details.date}</dd>
        <dt>{MESSAGES.appointmentDoctorLabel}</dt>
        <dd>
          {details.doctor}
          {details.specialty ? <span className="md-muted"> · {details.specialty}</span> : null}
        </dd>
        <dt>{MESSAGES.appointmentClinicLabel}</dt>
        <dd>{details.clinic}</dd>
        <dt>{MESSAGES.appointmentStatusLabel}</dt>
        <dd>
          <span className="md-dash-status" data-status={status}>
            {status}
          </span>
        </dd>
        <dt>{MESSAGES.appointmentNotesLabel}</dt>
        <dd>{details.notes || '—'}</dd>
        {details.status === 'Cancelled' && details.cancelledBy === 'doctor' && details.cancelReason ? (
          <>
            <dt>{MESSAGES.appointmentCancelReasonLabel}</dt>
            <dd>{formatMessage('appointmentCancelledByDoctor', { reason: details.cancelReason })}</dd>
          </>
        ) : null}
      </dl>
      <div className="md-dash-modal-actions">
        {details.prescriptionUrl && (
          <button
            type="button"
            className="md-button md-dash-button-secondary"
            onClick={() => void downloadPrescription()}
            disabled={busy !== null}
          >
            {MESSAGES.downloadPrescription}
          </button>
        )}
        <button
          type="button"
          className="md-button md-dash-button-secondary"
          onClick={() => void downloadIcs()}
          disabled={busy !== null}
        >
          {MESSAGES.addToCalendar}
        </button>
        {/* The API lets a patient cancel any open appointment, a past one included. */}
        {isOpenStatus(details.status) && (
          <button
            type="button"
            className="md-button md-dash-button-danger"
            onClick={() => void cancel()}
            disabled={busy !== null}
          >
            {MESSAGES.cancelAppointment}
          </button>
        )}
      </div>
    </Modal>
  );
}
