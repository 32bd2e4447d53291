import { useEffect, useState } from 'react';
import { partRef } from '../../api/fitment';
import { fitmentButtonLook } from './fitment-labels';
import { FitmentModal } from './fitment-modal';
import { fitmentStore, hasVehicle, useFitmentSelect } from './fitment-store';
import type { FitmentButtonProps } from './fitment-button-props';
import styles from './fitment.module.css';

/**
 * The card's fitment button (§2 "Product card"): its label and colour follow the part's result,
 * and it opens the part's fitment modal. The part joins the page's batched validation on mount.
 * Nothing shows for a part without a brand code or part number (it cannot be looked up), nor
 * when vehicle lookup is switched off.
 */
export function FitmentButtonImpl({ product }: FitmentButtonProps) {
  const { aaia, mpn } = product;
  // Only what this card shows: its own result, the lookup switch and whether a vehicle is chosen.
  const lookupOff = useFitmentSelect((s) => s.config?.vehicle_lookup_enabled === false);
  const part = useFitmentSelect((s) => (aaia && mpn ? s.results.get(partRef(aaia, mpn)) : undefined));
  const withVehicle = useFitmentSelect((s) => hasVehicle(s.vehicle));
  const [open, setOpen] = useState(false);
  useEffect(() => fitmentStore.register(aaia, mpn), [aaia, mpn]);

  if (!aaia || !mpn || lookupOff) return null;
  if (!part) return <div className={styles.placeholder} aria-hidden="true" />;
  const look = fitmentButtonLook(part.result, withVehicle);
  return (
    <>
      <button
        type="button"
        className={`${styles.fitButton} ${styles[look.tone]}`}
        onClick={() => setOpen(true)}
        data-fitment={part.result}
      >
        {look.label}
      </button>
      <FitmentModal open={open} onOpenChange={setOpen} partNumber={product.part_number} part={part} />
    </>
  );
}
