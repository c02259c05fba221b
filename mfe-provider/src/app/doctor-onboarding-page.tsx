import type { RemotePageProps } from '@medora/shared';
import { PlaceholderPage } from '../components/coming-soon';

/** Placeholder of the multi-step onboarding (spec §2 "Doctor signup and onboarding"). */
export default function DoctorOnboardingPage(_props: RemotePageProps) {
  return (
    <PlaceholderPage
      title="Doctor onboarding"
      cards={['Personal Information', 'Professional Details', 'Clinic Information', 'Upload Documents']}
    />
  );
}
