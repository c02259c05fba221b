import { lazy, Suspense, useMemo, useState, type FunctionComponent, type ReactNode } from 'react';
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

/** A lazy component for one remote request. React keeps a rejected lazy, so retry needs a new one. */
export function loadRemoteComponent<Q extends RemoteRequest>(
  request: Q,
  loader: RemoteLoader<Q> = loadFederatedModule,
) {
  return lazy(() => loader(request));
}

/**
 * `request` from REMOTE_MODULES in @medora/shared; the other props are the props `RemoteModuleProps`
 * gives that request's component, so a wrong or missing prop fails to compile.
 */
export type RemoteRouteProps<Q extends RemoteRequest> = SharedRemoteRouteProps<Q> & {
  /** Injected in tests. */
  loader?: RemoteLoader<Q>;
  /** Mounted once the page (or its failure page) has rendered, inside the same Suspense boundary. */
  afterShown?: ReactNode;
};

/**
 * Mounts one remote route element inside an error boundary and Suspense: a
 * failed load shows the 'Loading chunk failed' page with a Retry that loads it again, without a reload.
 */
export function RemoteRoute<Q extends RemoteRequest>({
  request,
  embedded,
  loader = loadFederatedModule,
  afterShown,
  ...pageProps
}: RemoteRouteProps<Q>) {
  const [attempt, setAttempt] = useState(0);
  // `attempt` is a dependency on purpose: each retry creates a new lazy component.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const Component = useMemo(() => loadRemoteComponent(request, loader), [request, loader, attempt]);
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
      <Suspense fallback={<LoadingStatus />}>
        <Component {...componentProps} />
        {afterShown}
      </Suspense>
    </ErrorBoundary>
  );
}
