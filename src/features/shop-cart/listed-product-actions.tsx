import { Link } from 'react-router';
import type { ListedProduct } from '../../contracts/shop-lists';
import { Button, buttonClassName } from '../../ui/button';
import { useCartAdder } from './cart-adder';

/**
 * A compared or wish-listed product's buttons (storefront.md §2 "Compare and wishlist"): View
 * Product when options must be chosen first, else Add to Cart when it may be ordered, and Remove
 * from the list it is shown in (`removeLabel` names that list for a screen reader).
 */
export function ListedProductActions(props: {
  product: ListedProduct;
  className: string | undefined;
  removeLabel: string;
  onRemove: () => void;
}) {
  const { product: p } = props;
  const { add: addToCart, isPending } = useCartAdder();
  return (
    <div className={props.className}>
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
      <Button variant="secondary" onClick={props.onRemove} aria-label={props.removeLabel}>
        Remove
      </Button>
    </div>
  );
}
