import type { AnchorHTMLAttributes } from 'react';

/**
 * A plain link to another page of the app. The landing route is rendered without the router
 * (react-router-dom is 61 KB gzip of a 150 KB budget), so its links load the next page instead of
 * navigating on the client.
 */
export function PageLink({ to, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a href={to} {...rest} />;
}
