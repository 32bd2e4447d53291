import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCartAdder } from '../../features/shop-cart/cart-adder';
import type { ProductDetail } from '../../contracts/product-page';
import { Button } from '../../ui/button';
import { missingOptions, optionCatalogOf, REQUIRES_OPTIONS, type OptionValues } from './product-options';
import styles from './product.module.css';

/** §9: 'Added!' shows this long; Instant Checkout goes to checkout after the same delay. */
export const ADDED_FEEDBACK_MS = 3000;

export type ConfirmFits = (product: { product_id: number; aaia: string; mpn: string }) => Promise<boolean>;

export interface AddToCartAreaProps {
  product: ProductDetail;
  quantity: number;
  options: OptionValues;
  /** Asks 'Heads up!' when the part may not fit the chosen vehicle; true to go ahead. */
  confirmFits: ConfirmFits;
  onMissingOptions: () => void;
}

type Feedback = { button: 'add' | 'labor' | 'instant'; at: number } | null;

/**
 * Add to Cart, 'Add With {labor title}' and 'Instant Checkout' (storefront.md §2, §4 "Add to
 * cart"): disabled while quantity is empty or a call runs; 'Added!' for 3 s on success; Instant
 * Checkout goes to checkout 3 s after its add: the online checkout for a shopper, the POS checkout
 * of the sale in POS mode (useCartAdder decides where the part goes).
 */
export function AddToCartArea({ product, quantity, options, confirmFits, onMissingOptions }: AddToCartAreaProps) {
  const cart = useCartAdder();
  const navigate = useNavigate();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const missing = missingOptions(product.options, options);
  const add = async (button: 'add' | 'labor' | 'instant') => {
    if (missing.length > 0) return onMissingOptions();
    if (!(await confirmFits({ product_id: product.product_id, aaia: product.aaia, mpn: product.mpn }))) return;
    const added = await cart.add({
      product_id: product.product_id,
      quantity,
      option: options,
      apply_labor: button === 'labor',
      link: product.links.view,
      optionCatalog: optionCatalogOf(product.options),
    });
    if (!added) return;
    setFeedback({ button, at: Date.now() });
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setFeedback(null);
      if (button === 'instant') void navigate(added.checkoutPath);
    }, ADDED_FEEDBACK_MS);
  };

  const disabled = !quantity || cart.isPending || feedback?.button === 'instant';
  const label = (button: 'add' | 'labor' | 'instant', idle: string) => (feedback?.button === button ? 'Added!' : idle);
  const laborTitle = product.labor?.data.title;

  return (
    <div className={styles.buttons}>
      <Button onClick={() => void add('add')} disabled={disabled} aria-live="polite">
        {label('add', 'Add to Cart')}
      </Button>
      {laborTitle && (
        <Button variant="secondary" onClick={() => void add('labor')} disabled={disabled}>
          {label('labor', `Add With ${laborTitle}`)}
        </Button>
      )}
      <Button variant="secondary" onClick={() => void add('instant')} disabled={disabled}>
        {label('instant', 'Instant Checkout')}
      </Button>
      {missing.length > 0 && <p className={styles.note}>{REQUIRES_OPTIONS}</p>}
    </div>
  );
}
