import { productsListQuerySchema, type ProductsListQuery } from '../../contracts/products-list';

export type CatalogSort = ProductsListQuery['sort'];
export type SortOrder = ProductsListQuery['order'];

export interface SortOption {
  /** `${sort}-${order}`, the value of the Sort By select. */
  value: string;
  label: string;
  sort: CatalogSort;
  order: SortOrder;
}

export const SORT_OPTIONS: readonly SortOption[] = [
  { value: 'name-asc', label: 'Name (A - Z)', sort: 'name', order: 'asc' },
  { value: 'name-desc', label: 'Name (Z - A)', sort: 'name', order: 'desc' },
  { value: 'price-asc', label: 'Price (Low > High)', sort: 'price', order: 'asc' },
  { value: 'price-desc', label: 'Price (High > Low)', sort: 'price', order: 'desc' },
  { value: 'date_added-desc', label: 'Newest', sort: 'date_added', order: 'desc' },
  { value: 'mpn-asc', label: 'Part Number (A - Z)', sort: 'mpn', order: 'asc' },
];

/** The Show select's page sizes (the contract allows up to 100). */
export const LIMIT_OPTIONS: readonly number[] = [12, 24, 48, 96];

/** `relevance-asc` selects the search ranking; the others are SORT_OPTIONS. */
export function sortFromValue(value: string): { sort: CatalogSort; order: SortOrder } | null {
  if (value === 'relevance-asc') return { sort: 'relevance', order: 'asc' };
  const o = SORT_OPTIONS.find((s) => s.value === value);
  return o ? { sort: o.sort, order: o.order } : null;
}

/**
 * The listing query from the page URL (page, limit, sort, order, search, category_id,
 * manufacturer_id), with the contract's defaults for anything missing or invalid, so a shared
 * or hand-edited link always shows something.
 */
export function catalogQueryFromUrl(params: URLSearchParams): ProductsListQuery {
  const raw = Object.fromEntries(params);
  const parsed = productsListQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const { search: _ignored, ...rest } = raw;
  return productsListQuerySchema.parse(rest);
}

export function sortValue(query: Pick<ProductsListQuery, 'sort' | 'order'>): string {
  return `${query.sort}-${query.order}`;
}
