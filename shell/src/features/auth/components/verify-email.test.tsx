import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { MESSAGES, notify, toastStore } from '@medora/shared';
import { VerifyEmail } from './verify-email';

jest.mock('../api/auth-service', () => ({ reloadUser: jest.fn(), resendVerification: jest.fn() }));
jest.mock('../api/session', () => ({ fetchSession: jest.fn() }));

afterEach(() => act(() => toastStore.setState({ toasts: [] })));

describe('VerifyEmail', () => {
  it('takes the sign-up form’s stale error toasts away, leaves the other toasts and focuses its heading', () => {
    act(() => {
      notify.error(MESSAGES.fieldRequired);
      notify.info(MESSAGES.verificationResent);
    });
    render(
      <MemoryRouter>
        <VerifyEmail email="new@example.test" />
      </MemoryRouter>,
    );
    // Focus is on the screen's heading (the sign-up form it replaced is gone).
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: MESSAGES.verifyHeading }));
    expect(toastStore.getState().toasts.map((t) => t.text)).toEqual([MESSAGES.verificationResent]);
  });
});
