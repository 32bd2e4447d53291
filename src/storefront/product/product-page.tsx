import { useEffect, type ReactNode } from 'react';
import { useMarketing } from '../../features/marketing/track';
import { useMode } from '../../features/session/mode';
import { useCompare } from '../../features/shop-cart/use-compare';
import { useWishlist } from '../../features/shop-cart/use-wishlist';
import { useSession } from '../../features/session/use-session';
import type { ProductDetail } from '../../contracts/product-page';
import { Button } from '../../ui/button';
import type { ConfirmFits } from './add-to-cart-area';
import { PackageWarning } from './package-warning';
import { ProductBuyBox } from './product-buy-box';
import { ProductMedia } from './product-media';
import { ProductPrice } from './product-price';
import { DeviceStockLine, StockLine } from './stock-line';
import { OFFLINE_COPY_NOTE } from '../../device/use-offline-catalog';
import { StoreStock } from '../../features/dealer-locator/store-stock';
import styles from './product.module.css';

export interface ProductPageProps {
  product: ProductDetail;
  /** The fitment button and its modal (composed in src/app from the fitment area). */
  fitment?: ReactNode;
  /** 'Find Products That Fit' tiles, likewise. */
  productsThatFit?: ReactNode;
  confirmFits: ConfirmFits;
  /**
   * The page is the device's copy (the server could not be reached: a kiosk, docs/decisions/
   * storefront.md "Kiosk pages offline"): the stock on hand the device knows replaces the server's
   * inventory line, and what needs the server says so.
   */
  deviceStock?: number;
}

/** /{slug} for a product (storefront.md §2 "Product page and add-to-cart area"). */
export function ProductPage({ product, fitment, productsThatFit, confirmFits, deviceStock }: ProductPageProps) {
  const offline = deviceStock !== undefined;
  const mode = useMode();
  const { user } = useSession();
  const compare = useCompare();
  const wishlist = useWishlist();
  // Hidden in POS mode and on templates without a price (§2).
  const showLists = mode !== 'pos' && product.price !== null;
  const compared = compare.ids.has(product.product_id);
  const wished = wishlist.ids.has(product.product_id);
  // view_item once per product shown (docs/decisions/storefront.md "Marketing events").
  const marketing = useMarketing();
  useEffect(() => marketing.viewItem(product), [product.product_id]); // eslint-disable-line react-hooks/exhaustive-deps -- once per product, not per price refresh

  return (
    <article className={styles.page} aria-labelledby="product-title">
      {offline && (
        <p className={styles.offlineNote} role="status">
          {OFFLINE_COPY_NOTE}
        </p>
      )}
      <ProductMedia product={product} />
      <div className={styles.info}>
        <h1 id="product-title" className={styles.title}>
          {product.name}
        </h1>
        <p className={styles.meta}>
          {product.manufacturer} · Part #: {product.part_number}
        </p>
        {product.short_description && <p className={styles.meta}>{product.short_description}</p>}
        <ProductPrice product={product} />
        {offline ? (
          <DeviceStockLine stock={deviceStock} />
        ) : (
          <StockLine productId={product.product_id} viewer={user?.id ?? 'guest'} showStaffDetail={mode === 'pos'} />
        )}
        {/* The chosen store's stock, or the dealer locator (docs/decisions/storefront.md "Dealer locator"). */}
        {mode !== 'pos' && !offline && <StoreStock productId={product.product_id} viewer={user?.id ?? 'guest'} />}
        {fitment}
        <PackageWarning components={product.components} />
        <ProductBuyBox product={product} confirmFits={confirmFits} />
        {showLists && (
          <div className={styles.secondaryActions}>
            {/* No wishlist on a shared kiosk (docs/decisions/storefront.md "Kiosk"). */}
            {mode !== 'kiosk' && (
              <Button
                variant="ghost"
                aria-pressed={wished}
                disabled={wishlist.isPending}
                onClick={() => void wishlist.toggle(product.product_id)}
              >
                {wished ? 'In Wishlist' : 'Add to Wishlist'}
              </Button>
            )}
            <Button
              variant="ghost"
              aria-pressed={compared}
              disabled={compare.isPending || offline}
              onClick={() => void compare.toggle(product.product_id)}
            >
              {compared ? 'In Compare' : 'Compare this Product'}
            </Button>
          </div>
        )}
        {productsThatFit}
        {product.description && (
          <section aria-labelledby="product-description">
            <h2 id="product-description">Description</h2>
            <p className={styles.description}>{product.description}</p>
          </section>
        )}
      </div>
    </article>
  );
}
