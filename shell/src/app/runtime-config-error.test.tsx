import { render, screen } from '@testing-library/react';
import { MESSAGES } from '@medora/shared';
import { RuntimeConfigErrorPage } from './runtime-config-error';

describe('RuntimeConfigErrorPage', () => {
  it('says the site is not configured, as an alert with a way to try again', () => {
    render(<RuntimeConfigErrorPage />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.runtimeConfigErrorBody);
    expect(screen.getByRole('heading', { level: 1, name: MESSAGES.runtimeConfigErrorTitle })).toBeTruthy();
    const retry = screen.getByRole('button', { name: MESSAGES.runtimeConfigErrorRetry }) as HTMLButtonElement;
    expect(retry.disabled).toBe(false);
  });
});
