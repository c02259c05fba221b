import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, MESSAGES, api, type FailedMail } from '@medora/shared';
import { renderWithQuery } from '../../../test-utils/render-with-query';
import { FailedMailSection } from './failed-mail';

jest.mock('firebase/app', () => ({ getApp: jest.fn() }));
jest.mock('firebase/auth', () => ({ getAuth: jest.fn(), onIdTokenChanged: jest.fn() }));

afterEach(() => jest.restoreAllMocks());

const dead = (i: number): FailedMail => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  kind: 'appointment.reminder',
  audience: 'patient',
  appointmentId: `appt-${i}`,
  doctorId: null,
  attempts: 5,
  lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
  failedAt: '2026-11-25T01:00:00.000000Z',
});

describe('failed e-mail on the admin dashboard', () => {
  it('lists dead letters with their tries and last error, and sends one again', async () => {
    const list = jest
      .spyOn(api, 'failedMail')
      .mockResolvedValueOnce({ items: [dead(1), dead(2)], nextCursor: null })
      .mockResolvedValue({ items: [dead(2)], nextCursor: null });
    const retry = jest.spyOn(api, 'retryFailedMail').mockResolvedValue({ jobId: 'job-1' });
    renderWithQuery(<FailedMailSection />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('appt-1')).toBeTruthy();
    expect(within(items[0]!).getByText('connect ECONNREFUSED 127.0.0.1:2525')).toBeTruthy();
    fireEvent.click(within(items[0]!).getByRole('button', { name: /appt-1/ }));
    await waitFor(() => expect(retry).toHaveBeenCalledWith(dead(1).id));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('says so when nothing failed', async () => {
    jest.spyOn(api, 'failedMail').mockResolvedValue({ items: [], nextCursor: null });
    renderWithQuery(<FailedMailSection />);
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.mailFailedLoading);
    expect(await screen.findByText(MESSAGES.mailFailedEmpty)).toBeTruthy();
  });

  it('shows a failed load as an alert', async () => {
    jest.spyOn(api, 'failedMail').mockRejectedValue(new ApiError(403, 'Forbidden.'));
    renderWithQuery(<FailedMailSection />);
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.mailFailedLoadError);
  });

  it('loads the next page on demand', async () => {
    const list = jest
      .spyOn(api, 'failedMail')
      .mockResolvedValueOnce({ items: [dead(1)], nextCursor: 'c1' })
      .mockResolvedValueOnce({ items: [dead(2)], nextCursor: null });
    renderWithQuery(<FailedMailSection />);
    fireEvent.click(await screen.findByRole('button', { name: MESSAGES.mailFailedMore }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(list).toHaveBeenLastCalledWith('c1');
    expect(screen.queryByRole('button', { name: MESSAGES.mailFailedMore })).toBeNull();
  });
});
