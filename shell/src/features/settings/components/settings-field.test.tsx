import { fireEvent, render, screen } from '@testing-library/react';
import { MESSAGES } from '@medora/shared';
import { FormEnd } from './settings-field';

describe('FormEnd', () => {
  it('keeps focus on its button while saving (aria-disabled, not disabled) and submits nothing then', () => {
    const onSubmit = jest.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <FormEnd busy={false} label="Save" />
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    button.focus();
    rerender(
      <form onSubmit={onSubmit}>
        <FormEnd busy label="Save" />
      </form>,
    );
    const busy = screen.getByRole('button', { name: MESSAGES.settingsSaving });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect((busy as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(busy);
    fireEvent.click(busy);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
