import type { RemotePageProps } from '@medora/shared';
import { PlaceholderPage } from '../components/coming-soon';

/** Provider dashboard placeholder (spec §2 "Placeholder dashboards"). */
export default function ProviderDashboardPage(_props: RemotePageProps) {
  return <PlaceholderPage title="Provider dashboard" cards={['Appointments', 'Patients', 'Schedule']} />;
}
