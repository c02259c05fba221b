import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { LANDING } from '../content/landing-content';
import LandingPage from './landing-page';

function renderPage() {
  return render(
    <MemoryRouter>
      <LandingPage />
    </MemoryRouter>,
  );
}

const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('LandingPage', () => {
  it('shows the landing page sections in order', () => {
    renderPage();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      LANDING.features.title,
      LANDING.howItWorks.title,
      LANDING.benefits.title,
      LANDING.vision.title,
      LANDING.closing.title,
      LANDING.footer.quickLinksTitle,
      LANDING.footer.contactTitle,
    ]);
    expect(screen.getByRole('heading', { level: 1, name: LANDING.hero.title })).toBeTruthy();
  });

  it('links the logo home and every call to action to the patient login', () => {
    renderPage();
    expect(hrefOf(LANDING.header.homeLabel)).toBe('/');
    for (const name of ['Login', 'Get Started', 'Start Your Journey', 'Get Started Free', 'Patient Login']) {
      expect(hrefOf(name)).toBe('/patient-login');
    }
    expect(hrefOf('Provider Login')).toBe('/provider-login');
    // A new doctor or provider finds the application from the footer.
    expect(hrefOf('For doctors and providers: apply to join')).toBe('/doctor-signup');
    expect(hrefOf('support@medora.health')).toBe('mailto:support@medora.health');
  });

  it('lists the three offers with their points and marks the digital twin Coming Soon', () => {
    renderPage();
    const offers = within(screen.getByRole('region', { name: LANDING.features.title }));
    expect(offers.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      "A doctor's AI assistant",
      'Your personal medical repository',
      'Your digital twin',
    ]);
    expect(offers.getByText('AI-generated patient summaries')).toBeTruthy();
    expect(offers.getByText('Medication tracking')).toBeTruthy();
    expect(offers.getByText('Preventive recommendations')).toBeTruthy();
    expect(offers.getAllByText('Coming Soon')).toHaveLength(1);
  });

  it('numbers the four steps and shows four benefits', () => {
    renderPage();
    const steps = within(screen.getByRole('region', { name: 'How it works' })).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('h3')?.textContent)).toEqual([
      'Create your profile',
      'Upload your records',
      'Book appointments',
      'Get AI-powered insights',
    ]);
    expect(steps.map((s) => s.querySelector('.stepNumber')?.textContent)).toEqual(['1', '2', '3', '4']);
    const benefits = within(screen.getByRole('region', { name: LANDING.benefits.title }));
    expect(benefits.getAllByRole('heading', { level: 3 })).toHaveLength(4);
  });

  it('shows 20 decorative icons hidden from assistive technology, and the 2025 copyright', () => {
    const { container } = renderPage();
    const floaters = container.querySelectorAll('.floater');
    expect(floaters).toHaveLength(20);
    for (const icon of floaters) expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText(/© 2025 Medora/)).toBeTruthy();
  });
});
