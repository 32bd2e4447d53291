import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { warmProductPageChunk } from '../../features/page-chunks/product-page-chunk';

/**
 * Warms what a product page needs while the finger is still on the link: the page's lazy chunk
 * and its data. Both are imported dynamically so the catalog's first load does not carry them.
 */
function prefetch(client: QueryClient, href: string): void {
  const slug = href.slice(1).split(/[?#]/)[0] ?? '';
  if (!slug) return;
  warmProductPageChunk();
  void import('../../api/get-product-page')
    .then((m) => client.prefetchQuery(m.productPageQueryOptions(slug)))
    .catch(() => undefined);
}

/** The server's product URL: an in-app path uses the router, anything else is a plain link. */
export function ProductLink({ href, children }: { href: string; children: ReactNode }) {
  const client = useQueryClient();
  if (href.startsWith('/') && !href.startsWith('//')) {
    const warm = () => prefetch(client, href);
    return (
      <Link to={href} onPointerEnter={warm} onTouchStart={warm} onFocus={warm}>
        {children}
      </Link>
    );
  }
  return <a href={href}>{children}</a>;
}
