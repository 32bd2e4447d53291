import type { ShopCartReply } from '../../contracts/shop-cart';
import styles from './cart.module.css';

/**
 * The totals table: one row per total line (§2 "A totals table lists each total line"). With
 * `onRemoveCodes`, gift certificate rows get a Remove control (GET index.php?route=checkout/voucher/remove).
 */
export function CartTotals({ cart, onRemoveCodes }: { cart: ShopCartReply; onRemoveCodes?: () => void }) {
  return (
    <table className={styles.totals} aria-label="Cart totals">
      <tbody>
        {cart.totals.map((t) => (
          <tr key={`${t.code}-${t.title}`} className={t.code === 'total' ? styles.grandTotal : undefined}>
            <th scope="row">
              {t.title}
              {t.code === 'voucher' && onRemoveCodes && (
                <button
                  type="button"
                  className={styles.removeCode}
                  onClick={onRemoveCodes}
                  aria-label={`Remove ${t.title}`}
                >
                  Remove
                </button>
              )}
            </th>
            <td>{t.text}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
