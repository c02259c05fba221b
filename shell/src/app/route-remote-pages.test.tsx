import { isValidElement, type ReactNode } from 'react';
import { ROUTE_REMOTE_PAGES } from '../early-fetch';
import { RemoteRoute } from '../features/remotes/remote-route';
import { createRoutes } from './routes';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn() }));

/** The federation request of the RemoteRoute an element mounts, through guards and wrappers. */
function remoteRequest(node: ReactNode): string | undefined {
  if (!isValidElement<{ request?: string; children?: ReactNode }>(node)) return undefined;
  if (node.type === RemoteRoute) return node.props.request;
  const children = Array.isArray(node.props.children) ? node.props.children : [node.props.children];
  for (const child of children as ReactNode[]) {
    const found = remoteRequest(child);
    if (found) return found;
  }
  return undefined;
}

describe('ROUTE_REMOTE_PAGES (what the entry chunk preloads)', () => {
  it('names, for every route that mounts a remote page, the page the route table mounts', () => {
    const mounted: Record<string, string> = {};
    for (const child of createRoutes()[0]!.children ?? []) {
      const request = remoteRequest(child.element);
      if (request) mounted[child.index ? '/' : `/${child.path}`] = request;
    }
    const preloaded = Object.fromEntries(
      Object.entries(ROUTE_REMOTE_PAGES).map(([route, [remote, exposed]]) => [
        route,
        `mfe_${remote}/${exposed}`,
      ]),
    );
    expect(preloaded).toEqual(mounted);
  });
});
