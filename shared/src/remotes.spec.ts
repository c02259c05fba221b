import type { BookingFlowProps } from './booking/types.js';
import {
  contractMajor,
  isCompatibleContract,
  REMOTE_MODULES,
  type CheckedExposes,
  type RemotePageProps,
  type RemotePageRequest,
} from './remotes.js';

describe('contractMajor', () => {
  it.each([
    ['1.0.0', 1],
    ['2.13.4', 2],
    ['0.1.0', 0],
    ['3.0.0-rc.1', 3],
  ])('reads the major of %s', (version, major) => {
    expect(contractMajor(version)).toBe(major);
  });

  it.each(['', '1', '1.0', 'one.two.three', '^1.0.0'])(
    'has none for %j, which is not a version',
    (version) => {
      expect(contractMajor(version)).toBeUndefined();
    },
  );
});

describe('isCompatibleContract', () => {
  it('accepts a remote built against the same major, older or newer minor', () => {
    expect(isCompatibleContract('1.0.0', '1.0.0')).toBe(true);
    expect(isCompatibleContract('1.4.0', '1.0.3')).toBe(true);
    expect(isCompatibleContract('1.0.0', '1.7.2')).toBe(true);
  });

  it('refuses a remote built against another major, either way', () => {
    expect(isCompatibleContract('1.0.0', '2.0.0')).toBe(false);
    expect(isCompatibleContract('2.1.0', '1.9.9')).toBe(false);
    expect(isCompatibleContract('1.0.0', '0.1.0')).toBe(false);
  });

  it('refuses a remote that names no version, or one that is not a version', () => {
    expect(isCompatibleContract('1.0.0', undefined)).toBe(false);
    expect(isCompatibleContract('1.0.0', 'latest')).toBe(false);
    expect(isCompatibleContract('dev', '1.0.0')).toBe(false);
  });
});

// Type tests, checked by `tsc -b` (shared's tsconfig includes this file): each `@ts-expect-error`
// line must fail to compile, or the typecheck fails.
type Page = (props: RemotePageProps) => null;
type Flow = (props: BookingFlowProps) => null;
type NeedsDoctor = (props: RemotePageProps & { doctorId: string }) => null;
type NumericVariant = (props: { variant: number }) => null;

type AsTheyAre = { BookingPage: Page; BookingFlow: Flow };
type WithExtraProp = { BookingPage: NeedsDoctor; BookingFlow: Flow };
type WithWrongType = { BookingPage: Page; BookingFlow: NumericVariant };
type WithOneMissing = { BookingPage: Page };

/** The booking remote's exposes as they are: compiles. */
export type BookingExposes = CheckedExposes<'booking', AsTheyAre>;
// @ts-expect-error A component that needs a prop the map does not give it.
export type ExtraProp = CheckedExposes<'booking', WithExtraProp>;
// @ts-expect-error A prop whose type differs from the map's.
export type WrongType = CheckedExposes<'booking', WithWrongType>;
// @ts-expect-error An exposed module of the map that the remote does not provide.
export type Missing = CheckedExposes<'booking', WithOneMissing>;

describe('REMOTE_MODULES', () => {
  it('names every page request; BookingFlow, which needs a variant, is not a page', () => {
    const page: RemotePageRequest = REMOTE_MODULES.booking.BookingPage;
    // @ts-expect-error BookingFlow takes required props, so it is no whole-page request.
    const flow: RemotePageRequest = REMOTE_MODULES.booking.BookingFlow;
    expect([page, flow]).toEqual(['mfe_booking/BookingPage', 'mfe_booking/BookingFlow']);
  });
});
