import { useSearchParams } from 'react-router-dom';
import { ROLE_LABELS, type RemotePageProps } from '@medora/shared';
import { PlaceholderPage } from '../components/coming-soon';

/** Placeholder doctor/provider signup (spec §2: `?role=doctor|provider`, default doctor). */
export default function DoctorSignupPage(_props: RemotePageProps) {
  const [params] = useSearchParams();
  const role = params.get('role') === 'provider' ? 'provider' : 'doctor';
  return <PlaceholderPage title={`${ROLE_LABELS[role]} sign up`} cards={['Account', 'Onboarding']} />;
}
