import type { RemotePageProps } from '@medora/shared';
import { PlaceholderPage } from '../components/coming-soon';

/** Doctor/admin dashboard placeholder (spec §2 "Placeholder dashboards"). */
export default function AdminDashboardPage(_props: RemotePageProps) {
  return (
    <PlaceholderPage title="Admin dashboard" cards={['Doctor verification', 'Patients', 'Appointments']} />
  );
}
