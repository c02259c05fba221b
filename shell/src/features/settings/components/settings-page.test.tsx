import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import {
  api,
  ApiError,
  authStore,
  DEFAULT_NOTIFICATION_PREFERENCES,
  formatMessage,
  MESSAGES,
  toastStore,
  type Account,
} from '@medora/shared';
import { renderWithQuery } from '../../../test-utils/render-with-query';
import type { AccountAuth } from '../api/account-auth';
import SettingsPage from './settings-page';

const ACCOUNT: Account = {
  uid: 'u1',
  email: 'pat@example.test',
  emailVerified: true,
  role: 'patient',
  name: 'Dana Whitfield',
  phone: '5551234567',
};

/** What the Firebase SDK throws. */
const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

function fakeAuth(): jest.Mocked<AccountAuth> {
  return { changePassword: jest.fn(), requestEmailChange: jest.fn() };
}

async function renderPage(accountAuth = fakeAuth()) {
  renderWithQuery(
    <MemoryRouter>
      <SettingsPage
        getAuth={() => Promise.reject(new Error('no Firebase in unit tests'))}
        accountAuth={accountAuth}
      />
    </MemoryRouter>,
  );
  await screen.findByRole('form', { name: MESSAGES.settingsProfileTitle });
  return accountAuth;
}

const toasts = () => toastStore.getState().toasts.map((t) => t.text);
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

beforeEach(() => {
  act(() => authStore.getState().setUser({ uid: 'u1', email: ACCOUNT.email, emailVerified: true }));
  toastStore.setState({ toasts: [] });
  jest.spyOn(api, 'account').mockResolvedValue(ACCOUNT);
  jest.spyOn(api, 'preferences').mockResolvedValue({ ...DEFAULT_NOTIFICATION_PREFERENCES });
});

afterEach(() => {
  jest.restoreAllMocks();
  act(() => authStore.getState().setUser(null));
});

describe('the settings page', () => {
  it('says it is loading, then shows the saved name, phone and e-mail', async () => {
    renderWithQuery(
      <MemoryRouter>
        <SettingsPage getAuth={() => Promise.reject(new Error('unused'))} accountAuth={fakeAuth()} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.settingsLoading);
    expect((await screen.findByLabelText(MESSAGES.settingsNameLabel)) as HTMLInputElement).toHaveProperty(
      'value',
      'Dana Whitfield',
    );
    expect(field(MESSAGES.settingsPhoneLabel).value).toBe('5551234567');
    expect(screen.getByText(ACCOUNT.email!).tagName).toBe('STRONG');
  });

  it('shows a load failure with the catalogue frame and a retry that works', async () => {
    const account = jest
      .spyOn(api, 'account')
      .mockRejectedValueOnce(new ApiError(403, MESSAGES.settingsAccountRequired))
      .mockResolvedValue(ACCOUNT);
    renderWithQuery(
      <MemoryRouter>
        <SettingsPage getAuth={() => Promise.reject(new Error('unused'))} accountAuth={fakeAuth()} />
      </MemoryRouter>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      formatMessage('settingsLoadFailed', { message: MESSAGES.settingsAccountRequired }),
    );
    submit(MESSAGES.retry);
    expect(await screen.findByLabelText(MESSAGES.settingsNameLabel)).toBeTruthy();
    expect(account).toHaveBeenCalledTimes(2);
  });

  it('saves name and phone (non-digits stripped as typed) and confirms with a toast', async () => {
    const update = jest.spyOn(api, 'updateAccount').mockImplementation(async (input) => ({
      ...ACCOUNT,
      name: input.name ?? null,
      phone: input.phone ?? null,
    }));
    await renderPage();
    fireEvent.change(field(MESSAGES.settingsNameLabel), { target: { value: 'Dana W. Lee' } });
    fireEvent.change(field(MESSAGES.settingsPhoneLabel), { target: { value: '+44 (7700) 900-123' } });
    expect(field(MESSAGES.settingsPhoneLabel).value).toBe('447700900123');
    submit(MESSAGES.settingsSaveProfile);
    await waitFor(() => expect(toasts()).toEqual([MESSAGES.settingsProfileSaved]));
    expect(update).toHaveBeenCalledWith({ name: 'Dana W. Lee', phone: '447700900123' });
  });

  it('refuses a short phone with the catalogue message, keeps what was typed and sends nothing', async () => {
    const update = jest.spyOn(api, 'updateAccount');
    await renderPage();
    fireEvent.change(field(MESSAGES.settingsNameLabel), { target: { value: 'New Name' } });
    fireEvent.change(field(MESSAGES.settingsPhoneLabel), { target: { value: '555123' } });
    submit(MESSAGES.settingsSaveProfile);
    expect(await screen.findByText(MESSAGES.invalidPhone)).toBeTruthy();
    expect(field(MESSAGES.settingsPhoneLabel).getAttribute('aria-invalid')).toBe('true');
    expect(field(MESSAGES.settingsNameLabel).value).toBe('New Name');
    expect(field(MESSAGES.settingsPhoneLabel).value).toBe('555123');
    expect(update).not.toHaveBeenCalled();
  });

  it("shows the API's refusal in the catalogue frame and keeps the values", async () => {
    jest.spyOn(api, 'updateAccount').mockRejectedValue(new ApiError(400, MESSAGES.settingsNameTooLong));
    await renderPage();
    fireEvent.change(field(MESSAGES.settingsNameLabel), { target: { value: 'Kept' } });
    submit(MESSAGES.settingsSaveProfile);
    expect((await screen.findByRole('alert')).textContent).toBe(
      formatMessage('settingsSaveFailed', { message: MESSAGES.settingsNameTooLong }),
    );
    expect(field(MESSAGES.settingsNameLabel).value).toBe('Kept');
  });

  describe('password change', () => {
    const fill = (current: string, next: string, confirm = next) => {
      const [currentField] = screen.getAllByLabelText(MESSAGES.settingsCurrentPassword).slice(-1);
      fireEvent.change(currentField!, { target: { value: current } });
      fireEvent.change(field(MESSAGES.settingsNewPassword), { target: { value: next } });
      fireEvent.change(field(MESSAGES.settingsConfirmPassword), { target: { value: confirm } });
    };

    it('checks the shared minimum and the confirmation before asking Firebase', async () => {
      const auth = await renderPage();
      fill('old-secret', '12345', '12345');
      submit(MESSAGES.settingsChangePassword);
      expect(await screen.findByText(MESSAGES.passwordTooShort)).toBeTruthy();
      fill('old-secret', 'new-secret', 'new-secreT');
      submit(MESSAGES.settingsChangePassword);
      expect(await screen.findByText(MESSAGES.settingsPasswordsDiffer)).toBeTruthy();
      expect(auth.changePassword).not.toHaveBeenCalled();
    });

    it('maps a wrong current password to its catalogue message and keeps the fields', async () => {
      const auth = fakeAuth();
      auth.changePassword.mockRejectedValue(firebaseError('auth/invalid-credential'));
      await renderPage(auth);
      fill('wrong-one', 'new-secret');
      submit(MESSAGES.settingsChangePassword);
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Password not changed: The current password is not right.',
      );
      expect(field(MESSAGES.settingsNewPassword).value).toBe('new-secret');
    });

    it('re-authenticates and changes the password, then empties the form', async () => {
      const auth = await renderPage();
      fill('old-secret', 'new-secret');
      submit(MESSAGES.settingsChangePassword);
      await waitFor(() => expect(toasts()).toEqual([MESSAGES.settingsPasswordChanged]));
      expect(auth.changePassword).toHaveBeenCalledWith('old-secret', 'new-secret');
      expect(field(MESSAGES.settingsNewPassword).value).toBe('');
    });
  });

  describe('e-mail change', () => {
    const fill = (email: string, password: string) => {
      fireEvent.change(field(MESSAGES.settingsNewEmail), { target: { value: email } });
      const [currentField] = screen.getAllByLabelText(MESSAGES.settingsCurrentPassword);
      fireEvent.change(currentField!, { target: { value: password } });
    };

    it('refuses the current address and an invalid one without asking Firebase', async () => {
      const auth = await renderPage();
      fill('PAT@example.test', 'secret');
      submit(MESSAGES.settingsSendEmailLink);
      expect(await screen.findByText(MESSAGES.settingsEmailUnchanged)).toBeTruthy();
      fill('not-an-address', 'secret');
      submit(MESSAGES.settingsSendEmailLink);
      expect(await screen.findByText(MESSAGES.invalidEmail)).toBeTruthy();
      expect(auth.requestEmailChange).not.toHaveBeenCalled();
    });

    it('sends the link after re-authentication and says where it went', async () => {
      const auth = await renderPage();
      fill('new@example.test', 'secret');
      submit(MESSAGES.settingsSendEmailLink);
      const sent = formatMessage('settingsEmailLinkSent', { email: 'new@example.test' });
      await waitFor(() => expect(toasts()).toEqual([sent]));
      expect(auth.requestEmailChange).toHaveBeenCalledWith('secret', 'new@example.test');
      expect(screen.getByRole('status').textContent).toContain(sent);
    });

    it('maps an address in use to its catalogue message', async () => {
      const auth = fakeAuth();
      auth.requestEmailChange.mockRejectedValue(firebaseError('auth/email-already-in-use'));
      await renderPage(auth);
      fill('taken@example.test', 'secret');
      submit(MESSAGES.settingsSendEmailLink);
      expect((await screen.findByRole('alert')).textContent).toBe(
        formatMessage('settingsEmailFailed', { message: MESSAGES.authEmailTaken }),
      );
    });
  });

  it('saves the notification preferences as numbers and booleans', async () => {
    const save = jest.spyOn(api, 'updatePreferences').mockImplementation(async (p) => p);
    await renderPage();
    await screen.findByRole('form', { name: MESSAGES.settingsPreferencesTitle });
    fireEvent.click(screen.getByRole('checkbox', { name: MESSAGES.settingsPrefInApp }));
    fireEvent.change(screen.getByLabelText(MESSAGES.settingsPrefReminderLead), { target: { value: '48' } });
    submit(MESSAGES.settingsSavePreferences);
    await waitFor(() => expect(toasts()).toEqual([MESSAGES.settingsPreferencesSaved]));
    expect(save).toHaveBeenCalledWith({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      inAppNotifications: false,
      reminderLeadHours: 48,
    });
  });
});
