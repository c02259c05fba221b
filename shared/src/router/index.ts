/**
 * The router, as the shell and the remotes use it. Shared on the page in place of `react-router-dom`
 * itself: a federation singleton is provided whole, and react-router 7 whole is about 66 KB gzip,
 * while the parts Medora uses (declarative routes: `BrowserRouter` and `useRoutes` in the shell,
 * `Routes` in a remote started alone, links and the location hooks) are about a quarter of that. The
 * data router (`createBrowserRouter`, loaders, actions, fetchers) is left out on purpose: it alone is
 * about 15 KB gzip more on every page but `/`, and Medora loads its data with TanStack Query. One copy
 * of this module on the page means one router context. Import the router from here, never from
 * `react-router-dom` (lint-kept), or a remote gets a second copy whose hooks see no router. Tests may
 * use `react-router-dom`'s MemoryRouter directly: outside federation both resolve to the same package.
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useRoutes,
  useSearchParams,
} from 'react-router-dom';
export type { RouteObject } from 'react-router-dom';
