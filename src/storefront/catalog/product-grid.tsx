import type { ProductSummary } from '../../contracts/products-list';
import { Skeleton } from '../../ui/spinner';
import { ProductCard } from './product-card';
import type { DisplayMode } from './use-display-mode';
import styles from './catalog.module.css';

export interface ProductGridProps {
  products: ProductSummary[];
  display: DisplayMode;
  busy: boolean;
  /** Side columns next to the listing (0, 1 or 2): fewer cards per row at large widths. */
  sideColumns?: 0 | 1 | 2;
}

const SIDE_CLASS = { 0: '', 1: styles.side1, 2: styles.side2 } as const;

export function ProductGrid({ products, display, busy, sideColumns = 0 }: ProductGridProps) {
  return (
    <ul className={`${display === 'grid' ? `${styles.grid} ${SIDE_CLASS[sideColumns] ?? ''}` : styles.list} ${busy ? styles.busy : ''}`} aria-busy={busy}>
      {products.map((p) => (
        <li key={p.product_id}>
          <ProductCard product={p} display={display} />
        </li>
      ))}
    </ul>
  );
}

/** Card-shaped placeholders for the first load, so the layout does not jump when products arrive. */
export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className={styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <Skeleton height={220} />
          <Skeleton width="80%" />
          <Skeleton width="40%" />
        </li>
      ))}
    </ul>
  );
}
