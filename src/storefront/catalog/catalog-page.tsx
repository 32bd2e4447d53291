import { useSearchParams } from 'react-router';
import { searchHitsPerPage } from '../../domain/constants';
import { useViewportWidth } from '../../ui/use-viewport-width';
import { listClick, useDispatchMarketing } from '../../features/marketing/marketing';
import { ListingPage } from './listing-page';

/** /product/catalog: the whole catalog (a `search` parameter narrows it, as older links do). */
export function CatalogPage() {
  const [params] = useSearchParams();
  const search = params.get('search')?.trim();
  return <ListingPage title={search ? `Search: ${search}` : 'Catalog'} />;
}

/**
 * index.php?route=product/search (search, category_id, manufacturer_id, queryID, ...): §9's main
 * search hits per page by width, and with a queryID (from Show More) each product click is a
 * list-click event at §9's analytics position.
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const width = useViewportWidth();
  const search = params.get('search')?.trim();
  const queryID = params.get('queryID');
  const dispatchMarketing = useDispatchMarketing();
  // Best matches first unless the shopper picked another order.
  const fixed = {
    ...(search && !params.has('sort') ? ({ sort: 'relevance', order: 'asc' } as const) : {}),
    limit: searchHitsPerPage(width),
  };
  return (
    <ListingPage
      title={search ? `Search - ${search}` : 'Search'}
      fixed={fixed}
      allowLimit={false}
      {...(queryID
        ? {
            onProductClick: (p, index, page) =>
              dispatchMarketing(listClick(queryID, p.product_id, index, page, p.links.view)),
          }
        : {})}
    />
  );
}

/** index.php?route=product/special: products selling below their MSRP. */
export function SpecialsPage() {
  return <ListingPage title="Specials" fixed={{ special: '1' }} />;
}
