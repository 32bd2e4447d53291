import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { wishlistQueryOptions } from '../../api/shop-lists';
import { ListedProductActions } from '../../features/shop-cart/listed-product-actions';
import { useWishlist } from '../../features/shop-cart/use-wishlist';
import { useSession } from '../../features/session/use-session';
import { buttonClassName } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import styles from '../../ui/product-list.module.css';

export const WISHLIST_EMPTY = 'Your wishlist is empty.';
/** Our wording (docs/decisions/storefront.md "Wishlist for guests"). */
export const WISHLIST_LOGIN = 'Log in or create an account to keep a wishlist.';

/** /account/wishlist: the signed-in customer's wishlist table (§2 "Compare and wishlist"). */
export function WishlistPage() {
  const { user, isLoading } = useSession();
  const isCustomer = user?.role === 'customer';
  const q = useQuery({ ...wishlistQueryOptions, enabled: isCustomer });
  const wishlist = useWishlist();

  if (isLoading || (isCustomer && q.isPending)) return <Spinner />;
  const products = q.data?.products ?? [];
  return (
    <section className={styles.page} aria-labelledby="wishlist-title">
      <h1 id="wishlist-title" className={styles.heading}>
        My Wishlist
      </h1>
      {!isCustomer ? (
        <EmptyState title={WISHLIST_LOGIN}>
          <Link
            to={`/account/login?redirect=${encodeURIComponent('/account/wishlist')}`}
            className={buttonClassName('primary')}
          >
            Login
          </Link>
        </EmptyState>
      ) : products.length === 0 ? (
        <EmptyState title={WISHLIST_EMPTY}>
          <Link to="/product/catalog" className={buttonClassName('primary')}>
            Continue
          </Link>
        </EmptyState>
      ) : (
        <ul className={styles.cards} aria-label="Wishlist">
          {products.map((p) => (
            <li key={p.product_id} className={styles.card}>
              {p.thumbnail ? (
                <img src={p.thumbnail} alt="" width={64} height={64} loading="lazy" className={styles.thumb} />
              ) : (
                <span className={styles.thumb} aria-hidden="true" />
              )}
              <div>
                <Link to={p.links.view} className={styles.name}>
                  {p.name}
                </Link>
                <p className={styles.meta}>
                  {p.manufacturer} · Part # {p.part_number}
                </p>
                <p className={styles.meta}>{p.stock_text}</p>
                <p className={styles.price}>{p.price_text}</p>
              </div>
              <ListedProductActions
                product={p}
                className={styles.cardActions}
                removeLabel={`Remove ${p.name} from wishlist`}
                onRemove={() => void wishlist.toggle(p.product_id)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
