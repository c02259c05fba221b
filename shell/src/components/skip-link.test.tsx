import { fireEvent, render, screen } from '@testing-library/react';
import { MESSAGES } from '@medora/shared';
import { SkipLink } from './skip-link';

describe('SkipLink', () => {
  it('moves focus to the page’s main region without making it a Tab stop', () => {
    render(
      <>
        <SkipLink />
        <nav>
          <a href="/dashboard">Dashboard</a>
        </nav>
        <main>
          <h1>Page</h1>
        </main>
      </>,
    );
    const link = screen.getByRole('link', { name: MESSAGES.skipToMain });
    // The first Tab stop of the page: before the navigation.
    expect(document.querySelector('a')).toBe(link);
    fireEvent.click(link);
    const main = screen.getByRole('main');
    expect(document.activeElement).toBe(main);
    expect(main.getAttribute('tabindex')).toBe('-1');
  });
});
