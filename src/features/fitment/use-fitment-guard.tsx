import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog';

export const HEADS_UP_MESSAGE =
  'This product may not fit your vehicle. Please select your vehicle below. To add it to your cart anyway, click “I Understand.”';

/**
 * §4 "Add to cart": when vehicle lookup and confirmation are both required and the part's result
 * is neither yes nor universal, 'Heads up!' asks first. `confirmFits` resolves true to go ahead
 * (fits, universal, no confirmation required, or "I Understand") and false on Cancel. A part not
 * validated yet is validated now; if that fails the add goes ahead (failures are logged only, and
 * must not block a sale).
 */
export function useFitmentGuard(): {
  confirmFits: (product: { product_id: number; aaia: string; mpn: string }) => Promise<boolean>;
  dialog: ReactNode;
} {
  const [open, setOpen] = useState(false);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const settle = useCallback((ok: boolean) => {
    setOpen(false);
    resolver.current?.(ok);
    resolver.current = null;
  }, []);

  const confirmFits = useCallback(async (product: { product_id: number; aaia: string; mpn: string }) => {
    // Loaded on the first add, not with the listing (the storefront's first-load budget).
    const [{ fitmentApi, partRef }, { fitmentStore, logFailure }] = await Promise.all([
      import('../../api/fitment'),
      import('./fitment-store'),
    ]);
    const snap = fitmentStore.getSnapshot();
    const config = snap.config ?? (await fitmentApi.config().catch(() => null));
    if (!config || !config.vehicle_lookup_enabled || !config.require_fitment_confirmation) return true;
    if (!product.aaia || !product.mpn) return true;
    let result = snap.results.get(partRef(product.aaia, product.mpn))?.result;
    if (!result) {
      try {
        result = (await fitmentApi.validate([partRef(product.aaia, product.mpn)])).parts[0]?.result;
      } catch (err) {
        logFailure(err);
        return true;
      }
    }
    if (result === 'yes' || result === 'universal') return true;
    resolver.current?.(false);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
      setOpen(true);
    });
  }, []);

  const dialog = (
    <ConfirmDialog
      open={open}
      title="Heads up!"
      message={HEADS_UP_MESSAGE}
      confirmLabel="I Understand"
      tone="warning"
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    />
  );
  return { confirmFits, dialog };
}
