import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { compareQueryOptions } from '../../api/shop-lists';
import { ListedProductActions } from '../../features/shop-cart/listed-product-actions';
import { useCompare } from '../../features/shop-cart/use-compare';
import type { ListedProduct } from '../../contracts/shop-lists';
import { buttonClassName } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { COMPARE_EMPTY, priceText } from './compare-texts';
import styles from '../../ui/product-list.module.css';

const ROWS: { label: string; value(p: ListedProduct): string }[] = [
  { label: 'Price', value: priceText },
  { label: 'Brand', value: (p) => p.manufacturer },
  { label: 'Part #', value: (p) => p.part_number },
  { label: 'Availability', value: (p) => p.stock_text },
  { label: 'Weight', value: (p) => p.weight },
  { label: 'Summary', value: (p) => p.short_description },
];

/**
 * /product/compare (§2 "Compare and wishlist"): one column per product, a row per attribute, with
 * Add to Cart and Remove. Scrolls sideways on a phone rather than squeezing four columns.
 */
export function ComparePage() {
  const q = useQuery(compareQueryOptions);
  const compare = useCompare();

  if (q.isPending) return <Spinner />;
  // Failures are only logged (§8): the page shows what it has, or the empty state.
  const products = q.data?.products ?? [];
  return (
    <section className={styles.page} aria-labelledby="compare-title">
      <h1 id="compare-title" className={styles.heading}>
        Product Comparison
      </h1>
      {products.length === 0 ? (
        <EmptyState title={COMPARE_EMPTY}>
          <Link to="/product/catalog" className={buttonClassName('primary')}>
            Continue
          </Link>
        </EmptyState>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <caption className={styles.caption}>Products compared side by side</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                {products.map((p) => (
                  <th key={p.product_id} scope="col">
                    {p.thumbnail && (
                      <img src={p.thumbnail} alt="" width={80} height={80} loading="lazy" className={styles.thumb} />
                    )}
                    <Link to={p.links.view}>{p.name}</Link>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  {products.map((p) => (
                    <td key={p.product_id}>{row.value(p)}</td>
                  ))}
                </tr>
              ))}
              <tr>
                <th scope="row">
                  <span className={styles.visuallyHidden}>Actions</span>
                </th>
                {products.map((p) => (
                  <td key={p.product_id}>
                    <ListedProductActions
                      product={p}
                      className={styles.cellActions}
                      removeLabel={`Remove ${p.name} from comparison`}
                      onRemove={() => void compare.toggle(p.product_id)}
                    />
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
