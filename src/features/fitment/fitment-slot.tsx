import shell from './fitment-slot.module.css';

/** Holds the folded fitment block's height until its code and the shop's fitment settings arrive. */
export function FitmentSlot() {
  return <div className={shell.fitmentSlot} aria-hidden="true" />;
}
