import { useState } from 'react';
import styles from './product-card.module.css';

/** The product's picture, or a neutral box with the same accessible name when there is none or it fails. */
export function ProductImage({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div className={styles.placeholder} role="img" aria-label={alt}>
        No image
      </div>
    );
  }
  return (
    <img className={styles.image} src={src} alt={alt} loading="lazy" decoding="async" onError={() => setFailed(true)} />
  );
}
