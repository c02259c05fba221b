/** The dashboard's tabs, in order, and the Appointments sub-tabs; both live in the URL. */
export const DASHBOARD_TABS = ['summary', 'appointments', 'book', 'documents', 'medicines'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
export const APPOINTMENT_SUBTABS = ['upcoming', 'history'] as const;
export type AppointmentSubTab = (typeof APPOINTMENT_SUBTABS)[number];

export interface TabState {
  tab: DashboardTab;
  sub: AppointmentSubTab;
}

const isTab = (v: string | null): v is DashboardTab => DASHBOARD_TABS.includes(v as DashboardTab);
const isSub = (v: string | null): v is AppointmentSubTab =>
  APPOINTMENT_SUBTABS.includes(v as AppointmentSubTab);

/** `?tab=…&sub=…` → state; unknown values fall back to Summary / Upcoming. */
export function readTabState(params: URLSearchParams): TabState {
  const tab = params.get('tab');
  const sub = params.get('sub');
  return { tab: isTab(tab) ? tab : 'summary', sub: isSub(sub) ? sub : 'upcoming' };
}

/** The search params for a state, keeping unrelated params; `sub` only on the Appointments tab. */
export function writeTabState(params: URLSearchParams, next: TabState): URLSearchParams {
  const out = new URLSearchParams(params);
  out.set('tab', next.tab);
  if (next.tab === 'appointments') out.set('sub', next.sub);
  else out.delete('sub');
  return out;
}

/** Arrow-key movement in a tablist (wraps; Home/End jump to the ends); null for other keys. */
export function nextTabIndex(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
