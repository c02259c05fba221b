import { fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES, api, type AccessLogEntry } from '@medora/shared';
import { renderWithQuery } from '../../../test-utils/render-with-query';
import { AccessLog } from './access-log';

const adminRead: AccessLogEntry = {
  id: 'e1',
  at: '2026-11-27T17:30:00.000Z',
  role: 'admin',
  name: null,
  what: MESSAGES.accessLogWhatRecord,
  reason: 'Patient called support about a missing visit',
};
const doctorRead: AccessLogEntry = {
  id: 'e2',
  at: '2026-11-26T09:00:00.000Z',
  role: 'doctor',
  name: 'Dr. Sarah Johnson',
  what: MESSAGES.accessLogWhatDocuments,
  reason: null,
};

afterEach(() => jest.restoreAllMocks());

describe('AccessLog (who looked at my record)', () => {
  it('says it is loading, then lists who, what and the admin’s reason', async () => {
    jest.spyOn(api, 'accessLog').mockResolvedValue({ items: [adminRead, doctorRead], nextCursor: null });
    renderWithQuery(<AccessLog uid="p1" />);
    expect(screen.getByRole('status').textContent).toContain(MESSAGES.accessLogLoading);
    const list = await screen.findByTestId('access-log-list');
    const [admin, doctor] = within(list).getAllByRole('listitem');
    expect(admin.textContent).toContain(MESSAGES.accessLogRoleAdmin);
    expect(admin.textContent).toContain(MESSAGES.accessLogUnknownName);
    expect(admin.textContent).toContain('Reason given: Patient called support about a missing visit');
    expect(doctor.textContent).toContain('Dr. Sarah Johnson');
    expect(doctor.textContent).toContain(MESSAGES.accessLogRoleDoctor);
    expect(doctor.textContent).not.toContain('Reason given');
    expect(screen.queryByRole('button', { name: MESSAGES.accessLogMore })).toBeNull();
  });

  it('shows the empty state when nobody else looked', async () => {
    jest.spyOn(api, 'accessLog').mockResolvedValue({ items: [], nextCursor: null });
    renderWithQuery(<AccessLog uid="p1" />);
    expect(await screen.findByText(MESSAGES.accessLogEmpty)).toBeTruthy();
  });

  it('loads the next page with the button, after the last entry shown', async () => {
    const next = jest
      .spyOn(api, 'accessLog')
      .mockResolvedValueOnce({ items: [adminRead], nextCursor: 'e1' })
      .mockResolvedValueOnce({ items: [doctorRead], nextCursor: null });
    renderWithQuery(<AccessLog uid="p1" />);
    fireEvent.click(await screen.findByRole('button', { name: MESSAGES.accessLogMore }));
    expect(await screen.findByText('Dr. Sarah Johnson')).toBeTruthy();
    expect(next).toHaveBeenLastCalledWith('p1', 'e1');
  });

  it('shows a failed load with Retry', async () => {
    jest.spyOn(api, 'accessLog').mockRejectedValue(new Error('offline'));
    renderWithQuery(<AccessLog uid="p1" />);
    expect((await screen.findByRole('alert')).textContent).toContain('offline');
    expect(screen.getByRole('button', { name: MESSAGES.retry })).toBeTruthy();
  });
});
