import {
  MESSAGES,
  PROFILE_REVIEW_FIELDS,
  changeRequestFieldName,
  changeRequestFieldNames,
  formatMessage,
  type DoctorChangeRequest,
  type DoctorChangeRequestChange,
  type DoctorProfileUpdate,
} from '@medora/shared';

/** A requested or approved value as text: lists comma-separated, nothing as '(none)'. */
export function changeValueText(value: DoctorChangeRequestChange['from']): string {
  const text = Array.isArray(value) ? value.join(', ') : (value ?? '');
  return text.trim() ? text : MESSAGES.changeRequestEmptyValue;
}

/** 'Pending review: specialty Cardiology → Neurology', one line per field of the request. */
export function pendingLines(request: DoctorChangeRequest): string[] {
  return request.changes.map((c) =>
    formatMessage('profileChangePending', {
      field: changeRequestFieldName(c.field),
      from: changeValueText(c.from),
      to: changeValueText(c.to),
    }),
  );
}

/** The reviewed fields an edit changes ('specialty and licence number'), or null when none. */
export function reviewedFieldsOf(input: DoctorProfileUpdate): string | null {
  const fields = PROFILE_REVIEW_FIELDS.filter((f) => input[f] !== undefined);
  return fields.length ? changeRequestFieldNames(fields) : null;
}
