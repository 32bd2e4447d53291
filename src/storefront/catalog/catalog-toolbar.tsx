import { SORT_OPTIONS } from './catalog-params';
import type { DisplayMode } from './use-display-mode';
import styles from './catalog.module.css';

export interface CatalogToolbarProps {
  display: DisplayMode;
  onDisplayChange: (mode: DisplayMode) => void;
  sort: string;
  onSortChange: (value: string) => void;
}

/** List/grid toggle and Sort By (storefront.md "Listing toolbar"; compare link and Show come later). */
export function CatalogToolbar({ display, onDisplayChange, sort, onSortChange }: CatalogToolbarProps) {
  return (
    <div className={styles.toolbar}>
      <div className={styles.toggle} role="group" aria-label="Display">
        <button type="button" className={styles.toggleButton} aria-pressed={display === 'list'} onClick={() => onDisplayChange('list')}>
          List
        </button>
        <button type="button" className={styles.toggleButton} aria-pressed={display === 'grid'} onClick={() => onDisplayChange('grid')}>
          Grid
        </button>
      </div>
      <div className={styles.sort}>
        <label htmlFor="catalog-sort">Sort By:</label>
        <select id="catalog-sort" className={styles.select} value={sort} onChange={(e) => onSortChange(e.target.value)}>
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
