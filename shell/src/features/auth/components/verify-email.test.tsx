import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { MESSAGES, notify, toastStore } from '@medora/shared';
import { VerifyEmail } from './verify-email';

jest.mock('../api/auth-service', () => ({ reloadUser: jest.fn(), resendVerification: jest.fn() }));
jest.mock('../api/session', () => ({ fetchSession: jest.fn() }));

afterEach(() => act(() => toastStore.setState({ toasts: [] })));

describe('VerifyEmail', () => {
  it('takes the sign-up form’s stale error toasts away and leaves the other toasts', () => {
    act(() => {
      notify.error(MESSAGES.fieldRequired);
      notify.info(MESSAGES.verificationResent);
    });
    render(
      <MemoryRouter>
        <VerifyEmail email="new@example.test" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: MESSAGES.verifyHeading })).toBeTruthy();
    expect(toastStore.getState().toasts.map((t) => t.text)).toEqual([MESSAGES.verificationResent]);
  });
});
