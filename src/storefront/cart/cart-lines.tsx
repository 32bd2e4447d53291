import { Link } from 'react-router';
import type { ShopCartReply } from '../../contracts/shop-cart';
import { CartQuantity } from './cart-quantity';
import styles from './cart.module.css';

interface Props {
  cart: ShopCartReply;
  busy: boolean;
  /** Popout: smaller rows without the quantity input. */
  compact?: boolean;
  onQuantity: (key: string, quantity: number) => void;
  onRemove: (key: string) => void;
}

/**
 * Cart rows (§2 "Cart popout and cart page"): image, name, options, shipping cost note, quantity,
 * unit price, total, remove; vouchers as rows with quantity x1. The stock warning shows the
 * product's out-of-stock text.
 */
export function CartLines({ cart, busy, compact = false, onQuantity, onRemove }: Props) {
  return (
    <ul className={compact ? `${styles.lines} ${styles.compact}` : styles.lines} aria-label="Cart items">
      {cart.products.map((p) => (
        <li key={p.key} className={styles.line}>
          {p.thumbnail ? (
            <img className={styles.thumb} src={p.thumbnail} alt="" width={64} height={64} loading="lazy" />
          ) : (
            <span className={styles.thumb} aria-hidden="true" />
          )}
          <div className={styles.info}>
            {p.labor_product ? (
              <span className={styles.name}>{p.name}</span>
            ) : (
              <Link to={p.links.view} className={styles.name}>
                {p.name}
              </Link>
            )}
            {p.selected_options.length > 0 && (
              <ul className={styles.options}>
                {p.selected_options.map((o) => (
                  <li key={`${o.product_option_id}-${o.value}`}>
                    {o.name}: {o.value}
                  </li>
                ))}
              </ul>
            )}
            {p.has_shipping_cost && <p className={styles.note}>Shipping cost: {p.shipping_cost}</p>}
            {p.show_stock_warning && (
              <p className={styles.stock} role="note">
                {p.oos_text}
              </p>
            )}
            <p className={styles.unit}>
              <span className={styles.label}>Unit price</span> {p.unit_price_text}
            </p>
          </div>
          <div className={styles.qty}>
            {compact || p.labor_product ? (
              <span aria-label={`Quantity ${p.quantity}`}>x{p.quantity}</span>
            ) : (
              <CartQuantity
                value={p.quantity}
                minimum={p.minimum}
                disabled={busy}
                label={`Quantity of ${p.name}`}
                onChange={(q) => onQuantity(p.key, q)}
              />
            )}
          </div>
          <p className={styles.total}>
            <span className={styles.label}>Total</span> {p.total_text}
          </p>
          <button
            type="button"
            className={styles.remove}
            disabled={busy}
            onClick={() => onRemove(p.key)}
            aria-label={`Remove ${p.name}`}
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
      {cart.vouchers.map((v) => (
        <li key={v.key} className={styles.line}>
          <span className={styles.thumb} aria-hidden="true" />
          <div className={styles.info}>
            <span className={styles.name}>{v.description}</span>
          </div>
          <div className={styles.qty}>x1</div>
          <p className={styles.total}>{v.amount_text}</p>
          <button
            type="button"
            className={styles.remove}
            disabled={busy}
            onClick={() => onRemove(v.key)}
            aria-label={`Remove ${v.description}`}
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
