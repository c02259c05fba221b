import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MESSAGES, notify, toastStore } from '@medora/shared';
import { Toaster } from './toaster';

afterEach(() => act(() => toastStore.setState({ toasts: [] })));

describe('Toaster', () => {
  it('shows at most three toasts, the newest, and merges identical ones with a count', () => {
    render(<Toaster />);
    act(() => {
      notify.info('One');
      notify.info('Two');
      notify.error('Could not save');
      notify.error('Could not save');
      notify.success('Saved');
    });
    const shown = document.querySelectorAll('.md-toast');
    expect([...shown].map((t) => t.querySelector('p')?.textContent)).toEqual([
      'Could not save (2 times)',
      'Two',
      'Saved',
    ]);
    // An SVG icon per toast and an SVG close button, no text glyphs.
    expect([...shown].every((t) => t.querySelector('svg.md-toast-icon'))).toBe(true);
    const alert = screen.getByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(document.querySelectorAll('.md-toast')).toHaveLength(2);
  });

  // Saving the schedule three times in a row leaves one success toast, not a pile.
  it("merges 'Schedule saved' ×3 into one toast", () => {
    render(<Toaster />);
    act(() => {
      for (let i = 0; i < 3; i++) notify.success(MESSAGES.scheduleSaved);
    });
    const shown = [...document.querySelectorAll('.md-toast')].map((t) => t.querySelector('p')?.textContent);
    expect(shown).toEqual([`${MESSAGES.scheduleSaved} (3 times)`]);
  });
});
