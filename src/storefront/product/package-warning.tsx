import { useState } from 'react';
import { Link } from 'react-router';
import type { ProductDetail } from '../../contracts/product-page';
import { Button } from '../../ui/button';
import styles from './product.module.css';
import { partsCount } from '../../domain/listing-fit';

/** §9: the package warning lists this many components before 'Show More'. */
export const PACKAGE_COMPONENTS_SHOWN = 10;

/** A package's component warning (storefront.md §2 "Packages show a component warning"). */
export function PackageWarning({ components }: { components: ProductDetail['components'] }) {
  const [all, setAll] = useState(false);
  if (components.length === 0) return null;
  const shown = all ? components : components.slice(0, PACKAGE_COMPONENTS_SHOWN);
  return (
    <div className={styles.warning} role="note" aria-label="Package contents">
      <strong>This is a package of {partsCount(components.length)}.</strong> Adding it to the cart adds all of them:
      <ul>
        {shown.map((c) => (
          <li key={c.product_id}>
            {c.quantity} x <Link to={c.link}>{c.name}</Link> (Part #: {c.part_number})
          </li>
        ))}
      </ul>
      {components.length > PACKAGE_COMPONENTS_SHOWN && (
        <Button variant="ghost" onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? 'Show Less' : `Show More (${components.length - PACKAGE_COMPONENTS_SHOWN})`}
        </Button>
      )}
    </div>
  );
}
