import { memo } from 'react';
import type { CardProduct } from './card-product';
import { FitmentButton } from '../../features/fitment/fitment-button';
import { Money } from '../../ui/money';
import type { DisplayMode } from './use-display-mode';
import { ProductCardActions } from './product-card-actions';
import { ProductImage } from './product-image';
import { ProductLink } from './product-link';
import styles from './product-card.module.css';

export interface ProductCardProps {
  product: CardProduct;
  display: DisplayMode;
}

export const LOGIN_TO_VIEW_PRICE = 'Login Required To View Price';

/**
 * One product of a listing (§2 "Product card (grid)"): image, NEW badge, title, brand, part number,
 * short description, price, stock, add to cart, compare, 'we install' graphic and fitment button.
 * Memoised: the listing adds its cards 4 at a time after the first paint (product-grid.tsx), and
 * each batch used to render every card already shown again.
 */
export const ProductCard = memo(function ProductCard({ product, display }: ProductCardProps) {
  const p = product;
  return (
    <article
      className={`${styles.card} ${display === 'list' ? styles.row : ''}`}
      aria-labelledby={`product-${p.product_id}`}
    >
      <ProductImage src={p.thumbnails.primary} alt={p.name} />
      {p.is_new && <span className={styles.badge}>NEW</span>}
      <div className={styles.body}>
        <h2 className={styles.name} id={`product-${p.product_id}`}>
          <ProductLink href={p.links.view}>{p.name}</ProductLink>
        </h2>
        <p className={styles.meta}>{p.manufacturer}</p>
        <p className={styles.meta}>Part #: {p.part_number}</p>
        {p.short_description && <p className={styles.description}>{p.short_description}</p>}
        <CardPrice product={p} />
        {p.stock_text && (
          <p className={p.stock_status ? `${styles.stock} ${styles[p.stock_status]}` : styles.meta}>{p.stock_text}</p>
        )}
        {p.show_install_graphic && (
          <p className={styles.install}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path
                fill="currentColor"
                d="M22.7 19 13.6 9.9a6 6 0 0 0-7.7-7.7l3.9 3.9-2.8 2.8-3.9-3.9a6 6 0 0 0 7.7 7.7l9.1 9.1z"
              />
            </svg>
            We Install
          </p>
        )}
        <FitmentButton product={p} />
        <ProductCardActions product={p} />
      </div>
    </article>
  );
});

/** §5 price display: the custom notice or 'Product Unavailable'; 'Login Required To View Price'. */
function CardPrice({ product: p }: { product: CardProduct }) {
  if (p.disable_pricing)
    return <p className={styles.unavailable}>{p.disable_pricing_notice || 'Product Unavailable'}</p>;
  if (p.price_login_required || p.price === null) return <p className={styles.unavailable}>{LOGIN_TO_VIEW_PRICE}</p>;
  return (
    <p className={styles.price}>
      <Money amount={p.price} />
    </p>
  );
}
