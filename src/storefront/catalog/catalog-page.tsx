import { useSearchParams } from 'react-router';
import { ListingPage } from './listing-page';

/** /product/catalog: the whole catalog (a `search` parameter narrows it, as older links do). */
export function CatalogPage() {
  const [params] = useSearchParams();
  const search = params.get('search')?.trim();
  return <ListingPage title={search ? `Search: ${search}` : 'Catalog'} />;
}

/** index.php?route=product/search (search, category_id, manufacturer_id, queryID, ...). */
export function SearchPage() {
  const [params] = useSearchParams();
  const search = params.get('search')?.trim();
  // Best matches first unless the shopper picked another order.
  const fixed = search && !params.has('sort') ? ({ sort: 'relevance', order: 'asc' } as const) : {};
  return <ListingPage title={search ? `Search - ${search}` : 'Search'} fixed={fixed} />;
}

/** index.php?route=product/special: products selling below their MSRP. */
export function SpecialsPage() {
  return <ListingPage title="Specials" fixed={{ special: '1' }} />;
}
