import { Suspense } from 'react';
import { lazyAfterPaint } from '../../ui/after-paint';
import type { FitmentButtonProps } from './fitment-button-props';
import styles from './fitment.module.css';

// The collector, the fitment client and the modal load in their own chunk, after the listing
// has painted (src/ui/after-paint.ts): they are not part of the storefront's first-load budget.
const Impl = lazyAfterPaint(() => import('./fitment-button-impl').then((m) => ({ default: m.FitmentButtonImpl })));

/** The card's fitment button (§2 "Product card"); see fitment-button-impl.tsx. */
export function FitmentButton({ product }: FitmentButtonProps) {
  return (
    <Suspense fallback={<div className={styles.placeholder} aria-hidden="true" />}>
      <Impl product={product} />
    </Suspense>
  );
}
