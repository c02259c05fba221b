import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError, MESSAGES, api, formatMessage } from '@medora/shared';
import { renderWithQuery } from '../../../test-utils/render-with-query';
import { PatientLookup } from './patient-lookup';

jest.mock('firebase/app', () => ({ getApp: jest.fn() }));
jest.mock('firebase/auth', () => ({ getAuth: jest.fn(), onIdTokenChanged: jest.fn() }));

afterEach(() => jest.restoreAllMocks());

const lookUp = (value: string) => {
  fireEvent.change(screen.getByLabelText(MESSAGES.accessLookupLabel), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: MESSAGES.accessLookupSubmit }));
};

describe('looking up a patient’s record on the admin desk', () => {
  it('takes an e-mail: finds the patient’s uid, then opens their record after the reason', async () => {
    const find = jest.spyOn(api, 'adminFindPatient').mockResolvedValue({ uid: 'pat-9', name: 'Pat Nine' });
    const grant = jest.spyOn(api, 'openRecordAccess').mockResolvedValue({
      patientUid: 'pat-9',
      reason: 'Patient asked for help by phone today',
      grantedAt: '2026-11-27T10:00:00.000Z',
      expiresAt: '2026-11-27T10:15:00.000Z',
    });
    jest.spyOn(api, 'getPatient').mockRejectedValue(new ApiError(404, 'Not found.'));
    renderWithQuery(<PatientLookup />);
    lookUp('Pat@Example.com');
    await waitFor(() => expect(find).toHaveBeenCalledWith('Pat@Example.com'));
    fireEvent.change(await screen.findByLabelText(MESSAGES.accessReasonLabel), {
      target: { value: 'Patient asked for help by phone today' },
    });
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.accessReasonConfirm }));
    await waitFor(() => expect(grant).toHaveBeenCalledWith('pat-9', 'Patient asked for help by phone today'));
    expect(
      await screen.findByRole('heading', {
        name: formatMessage('accessLookupRecordHeading', { name: 'pat-9' }),
      }),
    ).toBeTruthy();
  });

  it('says so when no patient has the e-mail, and asks for no reason', async () => {
    jest.spyOn(api, 'adminFindPatient').mockRejectedValue(new ApiError(404, MESSAGES.accessLookupNotFound));
    const grant = jest.spyOn(api, 'openRecordAccess');
    renderWithQuery(<PatientLookup />);
    lookUp('nobody@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.accessLookupNotFound);
    expect(screen.queryByLabelText(MESSAGES.accessReasonLabel)).toBeNull();
    expect(grant).not.toHaveBeenCalled();
  });

  it('takes a uid as typed', async () => {
    const find = jest.spyOn(api, 'adminFindPatient');
    renderWithQuery(<PatientLookup />);
    lookUp('pat-9');
    expect(await screen.findByLabelText(MESSAGES.accessReasonLabel)).toBeTruthy();
    expect(find).not.toHaveBeenCalled();
  });
});
