import { Suspense, useEffect, useMemo, useState, type FunctionComponent, type ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type {
  RemoteModuleProps,
  RemoteRequest,
  RemoteRouteProps as SharedRemoteRouteProps,
} from '@medora/shared';
import { LoadingStatus } from '../../components/loading-status';
import { ChunkLoadFailedPage } from './chunk-load-failed-page';

/**
 * An exposed module: its default export is a function component of the props `RemoteModuleProps` gives
 * its request (a function, not `ComponentType`, whose class half makes the type invariant in its props).
 */
export type RemoteModule<Q extends RemoteRequest = RemoteRequest> = {
  default: FunctionComponent<RemoteModuleProps[Q]>;
};
/** Loads an exposed module, e.g. 'mfe_booking/BookingPage' (by default any of them). */
export type RemoteLoader<Q extends RemoteRequest = RemoteRequest> = (request: Q) => Promise<RemoteModule<Q>>;

/**
 * The federation loader: `loadRemote` resolves to the exposed module (`{ default: Component }`). Its
 * props are what each remote checks its exposed components against at compile time (RemoteExposes);
 * a remote built against another contract major is refused before this (remote-contract-plugin.ts).
 */
export async function loadFederatedModule<Q extends RemoteRequest>(request: Q): Promise<RemoteModule<Q>> {
  const mod = await loadRemote<RemoteModule<Q>>(request);
  if (!mod || typeof mod.default !== 'function') {
    throw new Error(`Remote module '${request}' has no default-exported component`);
  }
  return mod;
}

/** The modules each loader has delivered, by request: a page shown before renders at once next time. */
const delivered = new WeakMap<RemoteLoader<never>, Map<RemoteRequest, RemoteModule<never>>>();

function deliveredBy<Q extends RemoteRequest>(loader: RemoteLoader<Q>): Map<Q, RemoteModule<Q>> {
  const key = loader as unknown as RemoteLoader<never>;
  let modules = delivered.get(key);
  if (!modules) delivered.set(key, (modules = new Map()));
  return modules as unknown as Map<Q, RemoteModule<Q>>;
}

type Load<Q extends RemoteRequest> =
  | { promise: Promise<RemoteModule<Q>>; module: RemoteModule<Q> }
  | { promise: Promise<RemoteModule<Q>>; error: unknown };

/**
 * The remote page's module, or undefined while it loads; a failed load throws to the error boundary.
 * State, not React.lazy in Suspense: React holds back content that replaces a Suspense fallback until
 * 300 ms after the fallback appeared, so a page that loaded in 100 ms showed 200 ms late
 * (docs/performance.md). The load starts while rendering, beside the rest of the first screen.
 */
function useRemoteModule<Q extends RemoteRequest>(
  request: Q,
  loader: RemoteLoader<Q>,
  attempt: number,
): RemoteModule<Q> | undefined {
  const known = attempt === 0 ? deliveredBy(loader).get(request) : undefined;
  const promise = useMemo(
    () => (known ? Promise.resolve(known) : loader(request)),
    // `known` is read again only for a new request or attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [request, loader, attempt],
  );
  const [load, setLoad] = useState<Load<Q>>();
  useEffect(() => {
    let current = true;
    promise.then(
      (module) => {
        deliveredBy(loader).set(request, module);
        if (current) setLoad({ promise, module });
      },
      (error: unknown) => {
        if (current) setLoad({ promise, error });
      },
    );
    return () => {
      current = false;
    };
  }, [promise, loader, request]);
  if (load?.promise !== promise) return known;
  if ('error' in load) throw load.error;
  return load.module;
}

/** The loaded page, or the loading status while its module loads. */
function RemotePage<Q extends RemoteRequest>({
  request,
  loader,
  attempt,
  afterShown,
  componentProps,
}: {
  request: Q;
  loader: RemoteLoader<Q>;
  attempt: number;
  afterShown?: ReactNode;
  componentProps: RemoteModuleProps[Q];
}) {
  const module = useRemoteModule(request, loader, attempt);
  if (!module) return <LoadingStatus />;
  const Component = module.default;
  return (
    // The page's own lazy parts may still suspend.
    <Suspense fallback={<LoadingStatus />}>
      <Component {...componentProps} />
      {afterShown}
    </Suspense>
  );
}

/**
 * `request` from REMOTE_MODULES in @medora/shared; the other props are the props `RemoteModuleProps`
 * gives that request's component, so a wrong or missing prop fails to compile.
 */
export type RemoteRouteProps<Q extends RemoteRequest> = SharedRemoteRouteProps<Q> & {
  /** Injected in tests. */
  loader?: RemoteLoader<Q>;
  /** Mounted once the page (or its failure page) has rendered, inside the page's Suspense boundary. */
  afterShown?: ReactNode;
};

/**
 * Mounts one remote route element inside an error boundary: the loading status until its module has
 * loaded, then the page; a failed load shows the 'Loading chunk failed' page with a Retry that loads
 * it again, without a reload.
 */
export function RemoteRoute<Q extends RemoteRequest>({
  request,
  embedded,
  loader = loadFederatedModule,
  afterShown,
  ...pageProps
}: RemoteRouteProps<Q>) {
  const [attempt, setAttempt] = useState(0);
  // The rest of RemoteRouteProps<Q> is RemoteModuleProps[Q]; TypeScript does not narrow the rest of a
  // generic intersection by itself.
  const componentProps = pageProps as unknown as RemoteModuleProps[Q];
  return (
    <ErrorBoundary
      resetKeys={[request]}
      onReset={() => setAttempt((n) => n + 1)}
      fallbackRender={(props: FallbackProps) => (
        <>
          <ChunkLoadFailedPage
            request={request}
            embedded={embedded}
            error={props.error}
            onRetry={props.resetErrorBoundary}
          />
          {afterShown}
        </>
      )}
    >
      <RemotePage
        request={request}
        loader={loader}
        attempt={attempt}
        afterShown={afterShown}
        componentProps={componentProps}
      />
    </ErrorBoundary>
  );
}
