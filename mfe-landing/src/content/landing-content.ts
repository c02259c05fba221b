/**
 * The landing page's content (docs/product.md#landing-page) as data: its words come from the message
 * catalogue (`landing*` in @medora/shared's MESSAGES), its links, icons and order are set here, so the
 * components only lay it out. Written for patients and clinicians: say plainly what exists today and
 * what does not yet.
 */
import { MESSAGES } from '@medora/shared';
import type { IconName } from '../components/icons';

export const ROUTES = {
  home: '/',
  patientLogin: '/patient-login',
  providerLogin: '/provider-login',
  doctorSignup: '/doctor-signup',
} as const;

export interface LinkContent {
  label: string;
  to: string;
}

export interface FeatureContent {
  id: string;
  icon: IconName;
  title: string;
  audience: string;
  description: string;
  points: string[];
  /** Shown as a badge; the offer is not available yet (the digital twin). */
  comingSoon?: boolean;
  note?: string;
}

export interface StepContent {
  title: string;
  text: string;
}

export interface BenefitContent {
  icon: IconName;
  title: string;
  text: string;
}

export const LANDING = {
  brand: MESSAGES.landingBrand,
  header: {
    homeLabel: MESSAGES.landingHeaderHomeLabel,
    navLabel: MESSAGES.landingHeaderNavLabel,
    login: {
      label: MESSAGES.landingHeaderLoginLabel,
      to: ROUTES.patientLogin,
    },
    getStarted: {
      label: MESSAGES.landingHeaderGetStartedLabel,
      to: ROUTES.patientLogin,
    },
  },
  hero: {
    eyebrow: MESSAGES.landingHeroEyebrow,
    title: MESSAGES.landingHeroTitle,
    lead: MESSAGES.landingHeroLead,
    cta: {
      label: MESSAGES.landingHeroCtaLabel,
      to: ROUTES.patientLogin,
    },
    reassurance: MESSAGES.landingHeroReassurance,
    illustrationLabel: MESSAGES.landingHeroIllustrationLabel,
  },
  features: {
    title: MESSAGES.landingFeaturesTitle,
    intro: MESSAGES.landingFeaturesIntro,
    comingSoonBadge: MESSAGES.landingFeaturesComingSoonBadge,
    items: [
      {
        id: 'assistant',
        icon: 'stethoscope',
        title: MESSAGES.landingFeatureAssistantTitle,
        audience: MESSAGES.landingFeatureAssistantAudience,
        description: MESSAGES.landingFeatureAssistantDescription,
        points: [
          MESSAGES.landingFeatureAssistantPoint1,
          MESSAGES.landingFeatureAssistantPoint2,
          MESSAGES.landingFeatureAssistantPoint3,
          MESSAGES.landingFeatureAssistantPoint4,
        ],
        note: MESSAGES.landingFeatureAssistantNote,
      },
      {
        id: 'repository',
        icon: 'folder',
        title: MESSAGES.landingFeatureRepositoryTitle,
        audience: MESSAGES.landingFeatureRepositoryAudience,
        description: MESSAGES.landingFeatureRepositoryDescription,
        points: [
          MESSAGES.landingFeatureRepositoryPoint1,
          MESSAGES.landingFeatureRepositoryPoint2,
          MESSAGES.landingFeatureRepositoryPoint3,
          MESSAGES.landingFeatureRepositoryPoint4,
        ],
      },
      {
        id: 'twin',
        icon: 'pulse',
        title: MESSAGES.landingFeatureTwinTitle,
        audience: MESSAGES.landingFeatureTwinAudience,
        description: MESSAGES.landingFeatureTwinDescription,
        points: [
          MESSAGES.landingFeatureTwinPoint1,
          MESSAGES.landingFeatureTwinPoint2,
          MESSAGES.landingFeatureTwinPoint3,
          MESSAGES.landingFeatureTwinPoint4,
        ],
        comingSoon: true,
      },
    ] satisfies FeatureContent[],
  },
  howItWorks: {
    title: MESSAGES.landingHowItWorksTitle,
    intro: MESSAGES.landingHowItWorksIntro,
    steps: [
      {
        title: MESSAGES.landingStep1Title,
        text: MESSAGES.landingStep1Text,
      },
      {
        title: MESSAGES.landingStep2Title,
        text: MESSAGES.landingStep2Text,
      },
      {
        title: MESSAGES.landingStep3Title,
        text: MESSAGES.landingStep3Text,
      },
      {
        title: MESSAGES.landingStep4Title,
        text: MESSAGES.landingStep4Text,
      },
    ] satisfies StepContent[],
  },
  benefits: {
    title: MESSAGES.landingBenefitsTitle,
    items: [
      {
        icon: 'clock',
        title: MESSAGES.landingBenefit1Title,
        text: MESSAGES.landingBenefit1Text,
      },
      {
        icon: 'target',
        title: MESSAGES.landingBenefit2Title,
        text: MESSAGES.landingBenefit2Text,
      },
      {
        icon: 'shield',
        title: MESSAGES.landingBenefit3Title,
        text: MESSAGES.landingBenefit3Text,
      },
      {
        icon: 'globe',
        title: MESSAGES.landingBenefit4Title,
        text: MESSAGES.landingBenefit4Text,
      },
    ] satisfies BenefitContent[],
  },
  vision: {
    title: MESSAGES.landingVisionTitle,
    text: MESSAGES.landingVisionText,
    quote: MESSAGES.landingVisionQuote,
  },
  closing: {
    title: MESSAGES.landingClosingTitle,
    text: MESSAGES.landingClosingText,
    cta: {
      label: MESSAGES.landingClosingCtaLabel,
      to: ROUTES.patientLogin,
    },
  },
  footer: {
    tagline: MESSAGES.landingFooterTagline,
    quickLinksTitle: MESSAGES.landingFooterQuickLinksTitle,
    quickLinks: [
      {
        label: MESSAGES.landingFooterQuickLink1,
        to: ROUTES.patientLogin,
      },
      {
        label: MESSAGES.landingFooterQuickLink2,
        to: ROUTES.providerLogin,
      },
      // The way in for a new doctor or provider.
      {
        label: MESSAGES.footerForDoctors,
        to: ROUTES.doctorSignup,
      },
    ] satisfies LinkContent[],
    contactTitle: MESSAGES.landingFooterContactTitle,
    contactText: MESSAGES.landingFooterContactText,
    supportEmail: MESSAGES.landingFooterSupportEmail,
    copyright: MESSAGES.landingFooterCopyright,
  },
  /** The landing page shows 20 decorative floating icons. */
  floatingIconCount: 20,
} as const;
