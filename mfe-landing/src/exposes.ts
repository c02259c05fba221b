import type { CheckedExposes } from '@medora/shared';
import type LandingPage from './app/landing-page';

/**
 * The default exports module-federation.config.ts exposes, checked against the props
 * `RemoteModuleProps` in @medora/shared gives them: a component and the map that disagree fail
 * `tsc -b` (docs/architecture.md#remote-contract). Types only; nothing imports this at run time.
 */
export type LandingExposes = CheckedExposes<
  'landing',
  {
    LandingPage: typeof LandingPage;
  }
>;
