import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The server's product URL: an in-app path uses the router, anything else is a plain link. */
export function ProductLink({ href, children }: { href: string; children: ReactNode }) {
  if (href.startsWith('/') && !href.startsWith('//')) return <Link to={href}>{children}</Link>;
  return <a href={href}>{children}</a>;
}
