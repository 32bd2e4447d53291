import { startTransition, useEffect, useState } from 'react';
import type { ProductSummary } from '../../contracts/products-list';
import { usePainted } from '../../ui/after-paint';
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

/** Cards in the page's first frame: a phone's first screen shows one or two, a wide screen's first row four. */
const FIRST_FRAME_CARDS = 4;
/** Cards added per task after that, each batch short enough not to hold up a tap. */
const CARDS_PER_TASK = 4;

/**
 * How many of `total` cards to render. The page a browser opens on renders its first screen of
 * cards in its first frame and the rest in small batches after it has painted (all of them by
 * the time anyone scrolls); a listing shown later renders every card at once.
 */
function useCardsShown(total: number): number {
  const painted = usePainted();
  const [shown, setShown] = useState(() => (painted ? total : FIRST_FRAME_CARDS));
  useEffect(() => {
    if (!painted || shown >= total) return;
    // A transition: React renders the batch in slices rather than one long task.
    const t = setTimeout(() => startTransition(() => setShown((n) => n + CARDS_PER_TASK)), 0);
    return () => clearTimeout(t);
  }, [painted, shown, total]);
  return Math.min(shown, total);
}

export function ProductGrid({ products, display, busy, sideColumns = 0 }: ProductGridProps) {
  const shown = useCardsShown(products.length);
  return (
    <ul
      className={`${display === 'grid' ? `${styles.grid} ${SIDE_CLASS[sideColumns] ?? ''}` : styles.list} ${busy ? styles.busy : ''}`}
      aria-busy={busy}
    >
      {products.slice(0, shown).map((p) => (
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
