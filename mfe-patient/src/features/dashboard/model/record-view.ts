/** The printable summary is a view of the dashboard (`/dashboard?view=record`). */
export const RECORD_VIEW_PARAM = 'view';
export const RECORD_VIEW_VALUE = 'record';
export const RECORD_VIEW_HREF = `/dashboard?${RECORD_VIEW_PARAM}=${RECORD_VIEW_VALUE}`;

export function isRecordView(params: URLSearchParams): boolean {
  return params.get(RECORD_VIEW_PARAM) === RECORD_VIEW_VALUE;
}

/** The printable patient summary produced from the IPS export (`/dashboard?view=ips`). */
export const IPS_VIEW_VALUE = 'ips';
export const IPS_VIEW_HREF = `/dashboard?${RECORD_VIEW_PARAM}=${IPS_VIEW_VALUE}`;

export function isIpsView(params: URLSearchParams): boolean {
  return params.get(RECORD_VIEW_PARAM) === IPS_VIEW_VALUE;
}
