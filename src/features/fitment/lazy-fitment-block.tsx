import { Suspense } from 'react';
import { lazyAfterPaint } from '../../ui/after-paint';
import { FitmentSlot } from './fitment-slot';

// The form, its lists and the fitment client load in their own chunk, off the storefront entry,
// once the first screen has painted (src/ui/after-paint.ts); the slot holds the folded height.
const FitmentBlock = lazyAfterPaint(() => import('./fitment-block').then((m) => ({ default: m.FitmentBlock })));

export function LazyFitmentBlock() {
  return (
    <Suspense fallback={<FitmentSlot />}>
      <FitmentBlock />
    </Suspense>
  );
}
