import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useMode } from '../../features/session/mode';
import { useCartAdder } from '../../features/shop-cart/cart-adder';
import { useCompare } from '../../features/shop-cart/use-compare';
import { useFitmentGuard } from '../../features/fitment/use-fitment-guard';
import { Button, buttonClassName } from '../../ui/button';
import type { CardProduct } from './card-product';
import styles from './product-card.module.css';

export const REQUIRES_OPTIONS_TIP = 'Requires options to be selected - Click to view product.';
/** §9: 'Added!' shows for 3000 ms, then the button reverts. */
const ADDED_MS = 3000;

/**
 * The card's buttons (§2 "Product card", §4 "Product button variants"): add to cart behind the
 * fitment guard ('Heads up!'), 'View Product' when options must be chosen first, a link to the
 * product (where Contact Us lives) when it cannot be ordered, and compare (not in POS mode). In
 * POS mode the add puts the part on the device's sale (useCartAdder).
 */
export function ProductCardActions({ product }: { product: CardProduct }) {
  const mode = useMode();
  const { add: addToCart, isPending } = useCartAdder();
  const { confirmFits, dialog } = useFitmentGuard();
  const [added, setAdded] = useState(false);

  useEffect(() => {
    if (!added) return;
    const t = setTimeout(() => setAdded(false), ADDED_MS);
    return () => clearTimeout(t);
  }, [added]);

  const add = async () => {
    if (!(await confirmFits(product))) return;
    if (await addToCart({ product_id: product.product_id, quantity: 1, link: product.links.view })) setAdded(true);
  };

  const orderable = product.is_orderable && !product.disable_pricing && !product.price_login_required;
  let main;
  if (!product.guest_checkout && !product.logged_in) {
    // §2: guest checkout off and not signed in: the contact-for-availability link goes to login.
    main = (
      <Link
        className={buttonClassName('secondary')}
        to={`/account/login?redirect=${encodeURIComponent(product.links.view)}`}
        aria-label={`Contact for availability: ${product.name}`}
      >
        Contact for Availability
      </Link>
    );
  } else if (!orderable) {
    main = (
      <Link
        className={buttonClassName('secondary')}
        to={product.links.view}
        aria-label={`Contact for availability: ${product.name}`}
      >
        Contact for Availability
      </Link>
    );
  } else if (product.requires_options) {
    main = (
      <Link
        className={buttonClassName('secondary')}
        to={product.links.view}
        title={REQUIRES_OPTIONS_TIP}
        aria-label={`View Product: ${product.name}`}
      >
        View Product
      </Link>
    );
  } else {
    main = (
      <Button
        onClick={() => void add()}
        disabled={isPending}
        aria-label={added ? `Added! ${product.name}` : `Add to Cart: ${product.name}`}
      >
        {added ? 'Added!' : 'Add to Cart'}
      </Button>
    );
  }
  return (
    <div className={styles.actions}>
      {main}
      {mode !== 'pos' && <CompareButton product={product} />}
      {dialog}
    </div>
  );
}

function CompareButton({ product }: { product: CardProduct }) {
  const compare = useCompare();
  const on = compare.ids.has(product.product_id);
  return (
    <Button
      variant="ghost"
      className={styles.compare}
      aria-pressed={on}
      aria-label={`${on ? 'Remove from' : 'Add to'} compare: ${product.name}`}
      disabled={compare.isPending}
      onClick={() => void compare.toggle(product.product_id)}
    >
      <span aria-hidden="true">⇄</span> Compare
    </Button>
  );
}
