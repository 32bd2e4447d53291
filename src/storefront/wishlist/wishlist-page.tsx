import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { wishlistQueryOptions } from '../../api/shop-lists';
import { useCartAdder } from '../../features/shop-cart/cart-adder';
import { useWishlist } from '../../features/shop-cart/use-wishlist';
import { useSession } from '../../features/session/use-session';
import { Button, buttonClassName } from '../../ui/button';
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
  const { add: addToCart, isPending } = useCartAdder();

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
              <div className={styles.cardActions}>
                {p.requires_options ? (
                  <Link to={p.links.view} className={buttonClassName('primary')}>
                    View Product
                  </Link>
                ) : (
                  p.is_orderable &&
                  !p.disable_pricing && (
                    <Button
                      disabled={isPending}
                      onClick={() => void addToCart({ product_id: p.product_id, quantity: 1 })}
                      aria-label={`Add ${p.name} to cart`}
                    >
                      Add to Cart
                    </Button>
                  )
                )}
                <Button
                  variant="secondary"
                  onClick={() => void wishlist.toggle(p.product_id)}
                  aria-label={`Remove ${p.name} from wishlist`}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
