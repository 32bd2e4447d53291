import { CompareLink } from '../../features/shop-cart/compare-link';
import { LIMIT_OPTIONS, SORT_OPTIONS } from './catalog-params';
import type { DisplayMode } from './use-display-mode';
import styles from './catalog.module.css';

export interface CatalogToolbarProps {
  display: DisplayMode;
  onDisplayChange: (mode: DisplayMode) => void;
  sort: string;
  onSortChange: (value: string) => void;
  limit: number;
  /** Absent where the listing does not allow changing the page size. */
  onLimitChange?: (limit: number) => void;
  /** Search listings add 'Relevance' to Sort By. */
  withRelevance?: boolean;
}

/** Compare link, list/grid toggle, Sort By and Show (storefront.md §2 "Listing toolbar"). */
export function CatalogToolbar({
  display,
  onDisplayChange,
  sort,
  onSortChange,
  limit,
  onLimitChange,
  withRelevance = false,
}: CatalogToolbarProps) {
  const sorts = withRelevance ? [{ value: 'relevance-asc', label: 'Relevance' }, ...SORT_OPTIONS] : SORT_OPTIONS;
  return (
    <div className={styles.toolbar}>
      <CompareLink className={styles.compare} />
      <div className={styles.toggle} role="group" aria-label="Display">
        <button
          type="button"
          className={styles.toggleButton}
          aria-pressed={display === 'list'}
          onClick={() => onDisplayChange('list')}
        >
          List
        </button>
        <button
          type="button"
          className={styles.toggleButton}
          aria-pressed={display === 'grid'}
          onClick={() => onDisplayChange('grid')}
        >
          Grid
        </button>
      </div>
      <div className={styles.sort}>
        <label htmlFor="catalog-sort">Sort By:</label>
        <select id="catalog-sort" className={styles.select} value={sort} onChange={(e) => onSortChange(e.target.value)}>
          {sorts.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {onLimitChange && (
        <div className={styles.sort}>
          <label htmlFor="catalog-limit">Show:</label>
          <select
            id="catalog-limit"
            className={styles.select}
            value={limit}
            onChange={(e) => onLimitChange(Number(e.target.value))}
          >
            {(LIMIT_OPTIONS.includes(limit) ? LIMIT_OPTIONS : [...LIMIT_OPTIONS, limit].sort((a, b) => a - b)).map(
              (n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ),
            )}
          </select>
        </div>
      )}
    </div>
  );
}
