import type { AnchorHTMLAttributes } from 'react';

/**
 * A plain link to another page of the app. The landing route is rendered without the router
 * (about 30 KB gzip of the route's budget), so its links load the next page instead of navigating
 * on the client.
 */
export function PageLink({ to, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a href={to} {...rest} />;
}
