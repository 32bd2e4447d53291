/** The card's fitment button props, shared by the placeholder (fitment-button.tsx) and its lazily loaded body (fitment-button-impl.tsx). */
export interface FitmentButtonProps {
  product: { product_id: number; aaia: string; mpn: string; part_number: string };
}
