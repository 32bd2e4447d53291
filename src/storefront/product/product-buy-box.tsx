import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { ProductDetail } from '../../contracts/product-page';
import { Button } from '../../ui/button';
import { QuantitySelector } from '../../ui/quantity-selector';
import { AddToCartArea, type ConfirmFits } from './add-to-cart-area';
import { ProductOptions, type OptionValues } from './product-options';
import styles from './product.module.css';

export const CONTACT_FOR_AVAILABILITY = 'Contact for Availability';

// The contact form (react-hook-form, its schema, the captcha) is a chunk of its own, fetched when
// the shopper first opens it (or points at the button): the product page's first paint does not
// need it (docs/decisions/storefront.md "Lazy areas under 50 KB"). One retry, as src/ui/modal.tsx.
const loadContact = () => import('./contact-modal');
const ContactModal = lazy(() =>
  loadContact()
    .catch(loadContact)
    .then((m) => ({ default: m.ContactModal })),
);
const warmContact = () => void loadContact().catch(() => undefined);

/**
 * Options, quantity and the button that fits the product and visitor (storefront.md §4 "Product
 * button variants"): guests when guest checkout is off get a link to log in; products that cannot
 * be ordered (or have pricing off) get Contact Us; prices behind a login sell nothing until then.
 */
export function ProductBuyBox({ product, confirmFits }: { product: ProductDetail; confirmFits: ConfirmFits }) {
  const [options, setOptions] = useState<OptionValues>({});
  const [showMissing, setShowMissing] = useState(false);
  const [quantity, setQuantity] = useState(product.minimum);
  const [contactOpen, setContactOpen] = useState(false);
  // Mounted from the first open on, so what the shopper typed survives closing and reopening.
  const [contactUsed, setContactUsed] = useState(false);

  if (!product.guest_checkout && !product.logged_in) {
    return (
      <Link className={styles.notice} to={`/account/login?redirect=${encodeURIComponent(product.links.view)}`}>
        {CONTACT_FOR_AVAILABILITY}
      </Link>
    );
  }
  if (!product.is_orderable || product.disable_pricing) {
    return (
      <>
        <Button
          onPointerEnter={warmContact}
          onFocus={warmContact}
          onClick={() => {
            setContactUsed(true);
            setContactOpen(true);
          }}
        >
          {CONTACT_FOR_AVAILABILITY}
        </Button>
        {contactUsed && (
          <Suspense fallback={null}>
            <ContactModal open={contactOpen} onOpenChange={setContactOpen} productId={product.product_id} />
          </Suspense>
        )}
      </>
    );
  }
  if (product.price_login_required) return null;

  return (
    <>
      <ProductOptions options={product.options} values={options} onChange={setOptions} showMissing={showMissing} />
      <div className={styles.buy}>
        <div className={styles.qty}>
          <span aria-hidden="true">Qty</span>
          <QuantitySelector
            value={quantity}
            min={product.minimum}
            onChange={setQuantity}
            label={`Quantity of ${product.part_number}`}
          />
        </div>
        <AddToCartArea
          product={product}
          quantity={quantity}
          options={options}
          confirmFits={confirmFits}
          onMissingOptions={() => setShowMissing(true)}
        />
      </div>
    </>
  );
}
