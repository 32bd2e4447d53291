import { Link } from 'react-router';
import type { ProductDetail } from '../../contracts/product-page';
import { formatUSD } from '../../domain/money';
import { Money } from '../../ui/money';
import styles from './product.module.css';

export const LOGIN_TO_VIEW_PRICE = 'Login Required To View Price';

/** The core charge under the price (docs/decisions/domain.md "Core charges"; the spec has no wording). */
export const CORE_CHARGE_TEXT = (amount: string): string =>
  `Plus ${formatUSD(amount)} core charge, refunded when you return the old part.`;

/**
 * The price area (storefront.md §2 "Price display"): pricing off shows 'Product Unavailable' or
 * the shop's notice; prices behind a login show the login link; a sale shows the MSRP struck
 * through and what the shopper saves.
 */
export function ProductPrice({ product }: { product: ProductDetail }) {
  if (product.disable_pricing) return <p className={styles.notice}>{product.disable_pricing_notice}</p>;
  if (product.price_login_required || product.price === null) {
    return (
      <p className={styles.notice}>
        <Link to="/account/login">{LOGIN_TO_VIEW_PRICE}</Link>
      </p>
    );
  }
  return (
    <div className={styles.priceBlock}>
      <span className={styles.price} aria-label={product.special ? 'Sale price' : 'Price'}>
        <Money amount={product.price} />
      </span>
      {product.special && product.original_unit_price && (
        <>
          <span className={styles.was} aria-label="Regular price">
            <Money amount={product.original_unit_price} />
          </span>
          {product.instant_rebate && (
            <span className={styles.save}>
              You Save <Money amount={product.instant_rebate} />
            </span>
          )}
        </>
      )}
      {product.core_charge && <p className={styles.coreCharge}>{CORE_CHARGE_TEXT(product.core_charge)}</p>}
    </div>
  );
}
