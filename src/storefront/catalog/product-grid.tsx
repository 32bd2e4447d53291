import type { ProductSummary } from '../../contracts/products-list';
import { Skeleton } from '../../ui/spinner';
import { ProductCard } from './product-card';
import type { DisplayMode } from './use-display-mode';
import styles from './catalog.module.css';

export function ProductGrid({ products, display, busy }: { products: ProductSummary[]; display: DisplayMode; busy: boolean }) {
  return (
    <ul className={`${display === 'grid' ? styles.grid : styles.list} ${busy ? styles.busy : ''}`} aria-busy={busy}>
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
