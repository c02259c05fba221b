import { act, fireEvent, render, screen } from '@testing-library/react';
import type { RemoteLoader } from './remote-route';
import { REMOTE_MODULES } from '@medora/shared';
import { RemoteRoute } from './remote-route';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn() }));

function Booking() {
  return <h1>Book an appointment</h1>;
}

describe('RemoteRoute', () => {
  let errorSpy: jest.SpyInstance;
  beforeEach(() => {
    // React logs errors caught by boundaries; they are expected here.
    errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errorSpy.mockRestore());

  it('shows Loading... while the remote loads, then the remote page', async () => {
    let resolve!: (m: { default: typeof Booking }) => void;
    const loader: RemoteLoader = () => new Promise((r) => (resolve = r));
    render(<RemoteRoute request="mfe_booking/BookingPage" loader={loader} />);
    expect((await screen.findByRole('status')).textContent).toBe('Loading...');
    await act(async () => resolve({ default: Booking }));
    expect(await screen.findByRole('heading', { name: 'Book an appointment' })).toBeTruthy();
  });

  it('shows Loading chunk failed with the failure type when the load fails, and Retry loads it again without a reload', async () => {
    const chunkError = Object.assign(new Error('Loading chunk 42 failed.'), {
      name: 'ChunkLoadError',
      type: 'missing',
    });
    const loader = jest
      .fn<ReturnType<RemoteLoader>, Parameters<RemoteLoader>>()
      .mockRejectedValueOnce(chunkError)
      .mockResolvedValueOnce({ default: Booking });
    const reload = jest.fn();
    window.addEventListener('beforeunload', reload);

    render(<RemoteRoute request="mfe_booking/BookingPage" loader={loader} />);

    expect(await screen.findByRole('heading', { name: 'Loading chunk failed' })).toBeTruthy();
    expect(screen.getByTestId('failure-type').textContent).toBe('Failure type: missing');
    expect(screen.getByTestId('failed-remote').textContent).toContain('booking');
    // The details are for support, collapsed, and no module id is on the page.
    expect(screen.getByTestId('failure-type').closest('details')?.open).toBe(false);
    expect(document.body.textContent).not.toMatch(/mfe_booking|BookingPage/);
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(loader).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Book an appointment' })).toBeTruthy();
    expect(loader).toHaveBeenCalledTimes(2);
    expect(loader).toHaveBeenLastCalledWith('mfe_booking/BookingPage');
    expect(screen.queryByRole('heading', { name: 'Loading chunk failed' })).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows the failure page again when the retry fails too', async () => {
    const failure = new Error('[ Federation Runtime ]: #RUNTIME-003 RemoteHttpError: HTTP 502 for /m.json');
    const loader = jest.fn<ReturnType<RemoteLoader>, Parameters<RemoteLoader>>().mockRejectedValue(failure);
    render(<RemoteRoute request="mfe_patient/DashboardPage" loader={loader} />);
    expect((await screen.findByTestId('failure-type')).textContent).toBe('Failure type: error');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('failure-type')).textContent).toBe('Failure type: error');
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('mounts a remote inside another page with its props, and fails there as a section, not a second main', async () => {
    const Flow = ({ variant }: { variant: string }) => <p>flow {variant}</p>;
    const loader = jest
      .fn<ReturnType<RemoteLoader>, Parameters<RemoteLoader>>()
      .mockRejectedValueOnce(
        Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError', type: 'timeout' }),
      )
      .mockResolvedValueOnce({ default: Flow });
    render(
      <RemoteRoute<{ variant: string }>
        request={REMOTE_MODULES.booking.BookingFlow}
        embedded
        variant="dashboard"
        loader={loader}
      />,
    );
    const heading = await screen.findByRole('heading', { name: 'Loading chunk failed', level: 2 });
    expect(heading.closest('section')?.getAttribute('role')).toBe('alert');
    expect(screen.queryByRole('main')).toBeNull();
    expect(screen.getByTestId('failure-type').textContent).toBe('Failure type: timeout');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('flow dashboard')).toBeTruthy();
    expect(loader).toHaveBeenLastCalledWith('mfe_booking/BookingFlow');
  });
});
