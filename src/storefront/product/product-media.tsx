import { useState } from 'react';
import type { ProductDetail } from '../../contracts/product-page';
import styles from './product.module.css';

/** The picture with the NEW badge and the 'we install' graphic under it. */
export function ProductMedia({ product }: { product: ProductDetail }) {
  const [failed, setFailed] = useState(false);
  const src = product.thumbnails.primary;
  return (
    <div className={styles.media}>
      {src && !failed ? (
        // The page's largest image: loaded eagerly and first (it is the LCP element on phones).
        <img
          className={styles.image}
          src={src}
          alt={product.name}
          fetchPriority="high"
          onError={() => setFailed(true)}
        />
      ) : (
        <div className={styles.placeholder} role="img" aria-label={product.name}>
          No image
        </div>
      )}
      {product.is_new && <span className={styles.newBadge}>NEW</span>}
      {product.show_install_graphic && (
        <p className={styles.install}>
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M22.7 19l-9.1-9.1c.9-2.3.4-5-1.5-6.9-2-2-5-2.4-7.4-1.3L9 6 6 9 1.6 4.7C.4 7.1.9 10.1 2.9 12.1c1.9 1.9 4.6 2.4 6.9 1.5l9.1 9.1c.4.4 1 .4 1.4 0l2.3-2.3c.5-.4.5-1.1.1-1.4z"
            />
          </svg>
          We Install
        </p>
      )}
    </div>
  );
}
