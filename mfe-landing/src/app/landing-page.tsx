// The texts only this package uses (the message catalogue's landing area), before any module reads them.
import '@medora/shared/messages/landing';
import type { RemotePageProps } from '@medora/shared';
import { BenefitsSection } from '../features/landing/components/benefits-section';
import { ClosingCta } from '../features/landing/components/closing-cta';
import { FeaturesSection } from '../features/landing/components/features-section';
import { FloatingIcons } from '../features/landing/components/floating-icons';
import { Hero } from '../features/landing/components/hero';
import { HowItWorks } from '../features/landing/components/how-it-works';
import { SiteFooter } from '../features/landing/components/site-footer';
import { SiteHeader } from '../features/landing/components/site-header';
import { VisionSection } from '../features/landing/components/vision-section';
import css from '../features/landing/landing.module.css';

/**
 * The public landing page (docs/product.md#landing-page), exposed as `mfe_landing/LandingPage`. It
 * brings its own sticky header: the shell renders none on `/`.
 */
export default function LandingPage(_props: RemotePageProps) {
  return (
    <div className={css.page} data-testid="landing-page">
      <SiteHeader />
      <div className={css.body}>
        <FloatingIcons />
        <main>
          <Hero />
          <FeaturesSection />
          <HowItWorks />
          <BenefitsSection />
          <VisionSection />
          <ClosingCta />
        </main>
        <SiteFooter />
      </div>
    </div>
  );
}
