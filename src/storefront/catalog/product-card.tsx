import type { ProductSummary } from '../../contracts/products-list';
import { Money } from '../../ui/money';
import type { DisplayMode } from './use-display-mode';
import { ProductImage } from './product-image';
import { ProductLink } from './product-link';
import styles from './product-card.module.css';

export interface ProductCardProps {
  product: ProductSummary;
  display: DisplayMode;
}

/**
 * One product of the listing (storefront.md "Product card"): image, NEW badge, name, brand, part
 * number, short description, price. Add to cart, compare and fitment come with their issues.
 */
export function ProductCard({ product, display }: ProductCardProps) {
  const p = product;
  return (
    <article className={`${styles.card} ${display === 'list' ? styles.row : ''}`} aria-labelledby={`product-${p.product_id}`}>
      <ProductImage src={p.thumbnails.primary} alt={p.name} />
      {p.is_new && <span className={styles.badge}>NEW</span>}
      <div className={styles.body}>
        <h2 className={styles.name} id={`product-${p.product_id}`}>
          <ProductLink href={p.links.view}>{p.name}</ProductLink>
        </h2>
        <p className={styles.meta}>{p.manufacturer}</p>
        <p className={styles.meta}>Part #: {p.part_number}</p>
        {p.short_description && <p className={styles.description}>{p.short_description}</p>}
        {p.disable_pricing ? (
          <p className={styles.unavailable}>Product Unavailable</p>
        ) : (
          <p className={styles.price}>
            <Money amount={p.price} />
          </p>
        )}
      </div>
    </article>
  );
}
