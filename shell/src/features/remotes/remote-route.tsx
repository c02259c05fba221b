import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemotePageProps, RemoteRouteProps as SharedRemoteRouteProps } from '@medora/shared';
import { LoadingStatus } from '../../components/loading-status';
import { ChunkLoadFailedPage } from './chunk-load-failed-page';

// The props of an exposed component vary by module (`RemotePageProps`, `BookingFlowProps`, ...).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RemoteModule = { default: ComponentType<any> };
/** Loads one exposed module, e.g. 'mfe_booking/BookingPage'. */
export type RemoteLoader = (request: string) => Promise<RemoteModule>;

/** The federation loader: `loadRemote` resolves to the exposed module (`{ default: Component }`). */
export const loadFederatedModule: RemoteLoader = async (request) => {
  const mod = await loadRemote<RemoteModule>(request);
  if (!mod || typeof mod.default !== 'function') {
    throw new Error(`Remote module '${request}' has no default-exported component`);
  }
  return mod;
};

/** A lazy component for one remote request. React keeps a rejected lazy, so retry needs a new one. */
export function loadRemoteComponent(request: string, loader: RemoteLoader = loadFederatedModule) {
  return lazy(() => loader(request));
}

/** `request` from REMOTE_MODULES in @medora/shared; the other props go to the remote's component. */
export type RemoteRouteProps<P extends object = RemotePageProps> = SharedRemoteRouteProps<P> & {
  /** Injected in tests. */
  loader?: RemoteLoader;
};

/**
 * Mounts one remote route element inside an error boundary and Suspense: a
 * failed load shows the 'Loading chunk failed' page with a Retry that loads it again, without a reload.
 */
export function RemoteRoute<P extends object = RemotePageProps>({
  request,
  embedded,
  loader = loadFederatedModule,
  ...pageProps
}: RemoteRouteProps<P>) {
  const [attempt, setAttempt] = useState(0);
  // `attempt` is a dependency on purpose: each retry creates a new lazy component.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const Component = useMemo(() => loadRemoteComponent(request, loader), [request, loader, attempt]);
  return (
    <ErrorBoundary
      resetKeys={[request]}
      onReset={() => setAttempt((n) => n + 1)}
      fallbackRender={(props: FallbackProps) => (
        <ChunkLoadFailedPage
          request={request}
          embedded={embedded}
          error={props.error}
          onRetry={props.resetErrorBoundary}
        />
      )}
    >
      <Suspense fallback={<LoadingStatus />}>
        <Component {...pageProps} />
      </Suspense>
    </ErrorBoundary>
  );
}
