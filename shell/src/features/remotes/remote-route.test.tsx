import { act, fireEvent, render, screen } from '@testing-library/react';
import { formatMessage, MESSAGES, REMOTE_MODULES, type BookingFlowProps } from '@medora/shared';
import { RemoteContractError } from './remote-contract-plugin';
import { RemoteRoute, type RemoteLoader } from './remote-route';

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

  it('shows a page whose module has loaded before at once, with no loading status in between', async () => {
    const loader: RemoteLoader = jest.fn(async () => ({ default: Booking }));
    const first = render(<RemoteRoute request="mfe_booking/BookingPage" loader={loader} />);
    expect(await screen.findByRole('heading', { name: 'Book an appointment' })).toBeTruthy();
    first.unmount();
    // The next visit: its first render already holds the page (React.lazy would suspend once more).
    render(<RemoteRoute request="mfe_booking/BookingPage" loader={loader} />);
    expect(screen.getByRole('heading', { name: 'Book an appointment' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(loader).toHaveBeenCalledTimes(1);
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
    const Flow = ({ variant }: BookingFlowProps) => <p>flow {variant}</p>;
    type FlowRequest = typeof REMOTE_MODULES.booking.BookingFlow;
    const loader = jest
      .fn<ReturnType<RemoteLoader<FlowRequest>>, Parameters<RemoteLoader<FlowRequest>>>()
      .mockRejectedValueOnce(
        Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError', type: 'timeout' }),
      )
      .mockResolvedValueOnce({ default: Flow });
    render(
      <RemoteRoute
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

  it('shows a remote refused for its contract version on the failure page, naming it and both versions', async () => {
    const loader = jest
      .fn<ReturnType<RemoteLoader>, Parameters<RemoteLoader>>()
      .mockRejectedValue(new RemoteContractError('booking', '1.0.0', '2.0.0'));
    render(<RemoteRoute request={REMOTE_MODULES.booking.BookingPage} loader={loader} />);
    expect(await screen.findByRole('heading', { name: 'Loading chunk failed' })).toBeTruthy();
    expect(
      screen.getByText(
        formatMessage('remoteIncompatible', {
          remote: 'booking',
          hostVersion: '1.0.0',
          remoteVersion: '2.0.0',
        }),
      ),
    ).toBeTruthy();
    // Not the connection advice: checking the connection would not help.
    expect(screen.queryByText(MESSAGES.chunkLoadFailedText)).toBeNull();
    expect(screen.getByTestId('failure-type').textContent).toBe('Failure type: incompatible');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('types its props from RemoteModuleProps: a missing or unknown prop does not compile', () => {
    const { BookingFlow, BookingPage } = REMOTE_MODULES.booking;
    // Each `@ts-expect-error` must meet an error, or `tsc -b` fails.
    const elements = [
      <RemoteRoute key="ok" request={BookingFlow} variant="page" />,
      // @ts-expect-error BookingFlow needs its `variant`.
      <RemoteRoute key="missing" request={BookingFlow} />,
      // @ts-expect-error `variant` is BookingFlow's, not a page's.
      <RemoteRoute key="unknown" request={BookingPage} variant="page" />,
      // @ts-expect-error Not a variant BookingFlow knows.
      <RemoteRoute key="wrong" request={BookingFlow} variant="sidebar" />,
      // @ts-expect-error Not a request of REMOTE_MODULES.
      <RemoteRoute key="request" request="mfe_booking/Nothing" />,
    ];
    expect(elements).toHaveLength(5);
  });
});
