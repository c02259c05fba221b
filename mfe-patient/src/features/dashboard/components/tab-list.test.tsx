import { render, screen } from '@testing-library/react';
import { scrollLeftToReveal, TabList } from './tab-list';

const LABELS = { summary: 'Patient Summary', appointments: 'Appointments', documents: 'Medical Documents' };

describe('scrollLeftToReveal (the active tab is never out of view)', () => {
  const list = { scrollLeft: 100, left: 0, right: 390 };
  it('leaves the scroller alone when the tab is in view', () => {
    expect(scrollLeftToReveal(list, { left: 20, right: 200 })).toBe(100);
  });
  it('scrolls right to a tab past the right edge, with a margin', () => {
    expect(scrollLeftToReveal(list, { left: 300, right: 500 })).toBe(100 + 110 + 24);
  });
  it('scrolls left to a tab before the left edge, never below 0', () => {
    expect(scrollLeftToReveal(list, { left: -60, right: 80 })).toBe(16);
    expect(scrollLeftToReveal(list, { left: -300, right: -100 })).toBe(0);
  });
});

describe('TabList', () => {
  afterEach(() => jest.restoreAllMocks());

  it('scrolls its own list (not the page) to the selected tab', () => {
    // jsdom has no layout: a 390 px list whose third tab sits at 400–560 px.
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const box = this.dataset.tab === 'documents' ? [400, 560] : [0, 390];
      return { left: box[0], right: box[1] } as DOMRect;
    });
    render(
      <TabList variant="main" labels={LABELS} selected="documents" label="Dashboard" onSelect={() => {}} />,
    );
    expect(screen.getByRole('tablist').scrollLeft).toBe(560 - 390 + 24);
    expect(screen.getByRole('tab', { name: 'Medical Documents' }).getAttribute('aria-selected')).toBe('true');
  });
});
