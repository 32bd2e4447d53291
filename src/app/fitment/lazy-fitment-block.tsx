import { lazy, Suspense } from 'react';
import { FitmentSlot } from './fitment-slot';

// The form, its lists and the fitment client load in their own chunk, off the storefront entry.
const FitmentBlock = lazy(() => import('./fitment-block').then((m) => ({ default: m.FitmentBlock })));

export function LazyFitmentBlock() {
  return (
    <Suspense fallback={<FitmentSlot />}>
      <FitmentBlock />
    </Suspense>
  );
}
