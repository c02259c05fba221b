// Types of the remotes' exposed route elements, checked in so the shell's build and typecheck never
// depend on a running remote (STYLE: remote types). Each module default-exports a page component.
declare module 'mfe_landing/LandingPage' {
  import type { ComponentType } from 'react';
  import type { RemotePageProps } from '@medora/shared';
  const Page: ComponentType<RemotePageProps>;
  export default Page;
}
declare module 'mfe_patient/DashboardPage' {
  import type { ComponentType } from 'react';
  import type { RemotePageProps } from '@medora/shared';
  const Page: ComponentType<RemotePageProps>;
  export default Page;
}
declare module 'mfe_patient/IntakePage' {
  import type { ComponentType } from 'react';
  import type { RemotePageProps } from '@medora/shared';
  const Page: ComponentType<RemotePageProps>;
  export default Page;
}
declare module 'mfe_booking/BookingPage' {
  import type { ComponentType } from 'react';
  import type { RemotePageProps } from '@medora/shared';
  const Page: ComponentType<RemotePageProps>;
  export default Page;
}
declare module 'mfe_provider/DoctorSignupPage' {
  import type { ComponentType } from 'react';
  import type { RemotePageProps } from '@medora/shared';
  const Page: ComponentType<RemotePageProps>;
  export default Page;
}
declare module 'mfe_provider/DoctorOnboardingPage' {
  import type { ComponentType } from 'react';
  import type { RemotePageProps } from '@medora/shared';
  const Page: ComponentType<RemotePageProps>;
  export default Page;
}
declare module 'mfe_provider/ProviderDashboardPage' {
  import type { ComponentType } from 'react';
  import type { RemotePageProps } from '@medora/shared';
  const Page: ComponentType<RemotePageProps>;
  export default Page;
}
declare module 'mfe_provider/AdminDashboardPage' {
  import type { ComponentType } from 'react';
  import type { RemotePageProps } from '@medora/shared';
  const Page: ComponentType<RemotePageProps>;
  export default Page;
}
