import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { api, ApiError, MESSAGES } from '@medora/shared';
import { renderWithQuery } from '../../test-utils/render-with-query';
import UnsubscribePage from './unsubscribe-page';

const renderAt = (url: string) =>
  renderWithQuery(
    <MemoryRouter initialEntries={[url]}>
      <UnsubscribePage />
    </MemoryRouter>,
  );

afterEach(() => jest.restoreAllMocks());

describe('/unsubscribe', () => {
  it('checks the token on open (changing nothing), and turns reminders off only on the button', async () => {
    const check = jest
      .spyOn(api, 'unsubscribeStatus')
      .mockResolvedValue({ list: 'reminders', unsubscribed: false });
    const apply = jest.spyOn(api, 'unsubscribe').mockResolvedValue({ list: 'reminders', unsubscribed: true });
    renderAt('/unsubscribe?token=abc.def');
    const button = await screen.findByRole('button', { name: MESSAGES.unsubscribeConfirm });
    expect(check).toHaveBeenCalledWith('abc.def');
    expect(apply).not.toHaveBeenCalled();
    expect(screen.getByText(MESSAGES.unsubscribeIntro)).toBeTruthy();
    fireEvent.click(button);
    expect(await screen.findByText(MESSAGES.unsubscribeDone)).toBeTruthy();
    expect(apply).toHaveBeenCalledWith('abc.def');
  });

  it('shows the API’s message for an expired or forged link, and no button', async () => {
    jest
      .spyOn(api, 'unsubscribeStatus')
      .mockRejectedValue(new ApiError(410, MESSAGES.unsubscribeTokenExpired));
    renderAt('/unsubscribe?token=old');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.unsubscribeTokenExpired);
    expect(screen.queryByRole('button', { name: MESSAGES.unsubscribeConfirm })).toBeNull();
  });

  it('says it is done, with no button, when reminders are off already (a used link)', async () => {
    jest.spyOn(api, 'unsubscribeStatus').mockResolvedValue({ list: 'reminders', unsubscribed: true });
    const apply = jest.spyOn(api, 'unsubscribe');
    renderAt('/unsubscribe?token=used');
    expect(await screen.findByText(MESSAGES.unsubscribeDone)).toBeTruthy();
    expect(screen.queryByRole('button', { name: MESSAGES.unsubscribeConfirm })).toBeNull();
    expect(apply).not.toHaveBeenCalled();
  });

  it('shows why a link from before a re-subscribe no longer works, and no button', async () => {
    jest
      .spyOn(api, 'unsubscribeStatus')
      .mockRejectedValue(new ApiError(410, MESSAGES.unsubscribeTokenSuperseded));
    renderAt('/unsubscribe?token=stale');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.unsubscribeTokenSuperseded);
    expect(screen.queryByRole('button', { name: MESSAGES.unsubscribeConfirm })).toBeNull();
  });

  it('says the page needs a link from a mail when there is no token', () => {
    const check = jest.spyOn(api, 'unsubscribeStatus');
    renderAt('/unsubscribe');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.unsubscribeTokenMissing);
    expect(check).not.toHaveBeenCalled();
  });
});
