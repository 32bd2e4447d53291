import { NavLink } from 'react-router';
import styles from './cart-button.module.css';

/** The header's cart link while the cart control's code and the cart load: same place, same size. */
export function CartLinkPlaceholder() {
  return (
    <NavLink to="/checkout/cart" className={styles.button} aria-label="Cart">
      Cart <span className={styles.count} />
    </NavLink>
  );
}
