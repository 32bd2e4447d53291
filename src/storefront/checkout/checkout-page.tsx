import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/api-error';
import { forgetShopCart, shopCartQueryKey, shopCartQueryOptions } from '../../api/shop-cart';
import { shippingMethodQueryOptions } from '../../api/online-orders';
import { randomUuid } from '../../db/ids';
import { useSession } from '../../features/session/use-session';
import { OFFLINE_CART_MESSAGE } from '../../features/shop-cart/shop-cart-messages';
import type { CreateOrderReply, CreateOrderRequest } from '../../contracts/shop-checkout';
import { buttonClassName } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { CheckoutForm } from './checkout-form';
import { useCheckoutEvents } from '../../features/marketing/checkout-events';
import { emptyFulfilment, locatorStore } from './fulfilment-fields';
import { decimal, formatUSD, money, ZERO } from '../../domain/money';
import { totalWithShipping, type FulfilmentMethod } from '../../domain/online-orders';
import styles from './checkout.module.css';
import { LoginPrompt } from '../../features/login/login-prompt';

/**
 * /checkout/checkout (§2, §7 createOrder): the order summary, the shopper's details and the online
 * card payment. The checkout key is minted once per visit, so a double tap on Confirm Order makes
 * one order; a refusal shows under the button and the button comes back.
 */
export function CheckoutPage() {
  const client = useQueryClient();
  const q = useQuery(shopCartQueryOptions);
  // begin_checkout, add_shipping_info, add_payment_info, purchase (docs/decisions/storefront.md "Marketing events").
  const checkoutEvents = useCheckoutEvents(q.data);
  const { user, isLoading: sessionLoading } = useSession();
  const [checkoutKey] = useState(() => randomUuid());
  const [placed, setPlaced] = useState<CreateOrderReply | null>(null);
  const [method, setMethod] = useState<FulfilmentMethod>('pickup');
  const shipping = useQuery(shippingMethodQueryOptions);
  // Read once: the locator (another screen) sets it; the select starts on that store.
  const [store] = useState(() => (typeof document === 'undefined' ? '' : locatorStore(document.cookie)));
  const order = useMutation({
    // The call's module (its reply schema) with the form's rules: loaded at submit, not for first paint.
    mutationFn: async (body: CreateOrderRequest) => (await import('../../api/shop-checkout')).createShopOrder(body),
    networkMode: 'always',
    // The payment type as GA4's add_payment_info names it: no card when gift certificates pay it all.
    onMutate: (body) =>
      checkoutEvents.confirming(body.fulfilment?.method ?? 'pickup', body.card ? 'Card' : 'Gift Certificate'),
    onSuccess: (reply) => {
      checkoutEvents.purchased(reply.order_id);
      setPlaced(reply);
      forgetShopCart();
      void client.invalidateQueries({ queryKey: shopCartQueryKey });
    },
  });

  if (placed) {
    return (
      <section className={styles.page} aria-labelledby="checkout-title">
        <h1 id="checkout-title" className={styles.heading}>
          Your order has been placed!
        </h1>
        <p role="status">{placed.success}</p>
        <p>
          Order # <strong data-testid="order-id">{placed.order_id}</strong> — {placed.total_text}
        </p>
        <p>
          We have emailed your confirmation.{' '}
          {user?.role === 'customer' && <Link to="/account/order">See your orders</Link>}
        </p>
        <Link to="/product/catalog" className={buttonClassName('primary')}>
          Continue Shopping
        </Link>
      </section>
    );
  }
  // The form's details start from the signed-in shopper's (its defaults are read once, at mount):
  // a form drawn before the session read arrived stayed blank, and Confirm Order said "Required".
  if (q.isPending || shipping.isPending || sessionLoading) return <Spinner />;
  const cart = q.data;
  if (!cart || cart.products.length === 0) {
    return (
      <section className={styles.page}>
        <EmptyState title="The shopping cart is empty.">
          <Link to="/product/catalog" className={buttonClassName('primary')}>
            Continue Shopping
          </Link>
        </EmptyState>
      </section>
    );
  }
  if (!cart.guest_checkout && !cart.logged_in) {
    return <LoginPrompt title="Please log in to check out." className={styles.page} />;
  }
  const [first = '', ...rest] = (user?.role === 'customer' ? user.name : '').split(' ');
  // Shown only: the server adds its own flat rate and re-derives the total (src/domain/online-orders.ts).
  const rate = shipping.data?.shipping ? money(shipping.data.shipping.cost) : null;
  const charge = method === 'shipping' && rate ? rate : ZERO;
  const balance = cart.totals.find((t) => t.code === 'balance')?.text ?? cart.total_text;
  const error = order.error
    ? order.error instanceof ApiError && order.error.isNetwork
      ? OFFLINE_CART_MESSAGE
      : order.error.message
    : null;
  return (
    <section className={styles.page} aria-labelledby="checkout-title">
      <h1 id="checkout-title" className={styles.heading}>
        Checkout
      </h1>
      <section aria-labelledby="summary-title" className={styles.summary}>
        <h2 id="summary-title">Order Summary</h2>
        <ul className={styles.items}>
          {cart.products.map((p) => (
            <li key={p.key}>
              <span>
                {p.name} x{p.quantity}
              </span>
              <span>{p.total_text}</span>
            </li>
          ))}
        </ul>
        <table className={styles.totals} aria-label="Order totals">
          <tbody>
            {cart.totals.map((t) => (
              <tr key={`${t.code}-${t.title}`}>
                <th scope="row">{t.title}</th>
                <td>
                  {t.code === 'total' || t.code === 'balance' ? formatUSD(totalWithShipping(t.text, charge)) : t.text}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {method === 'shipping' && shipping.data?.shipping && (
          <p className={styles.shippingNote}>
            Includes {shipping.data.shipping.title}: <strong>{shipping.data.shipping.text}</strong>
          </p>
        )}
        <Link to="/checkout/cart">Edit cart</Link>
      </section>
      <CheckoutForm
        testMode={cart.card_test_mode === true}
        needsCard={(m) => totalWithShipping(balance, m === 'shipping' && rate ? rate : ZERO).gt(decimal(0))}
        initial={{
          firstname: first,
          lastname: rest.join(' '),
          email: user?.role === 'customer' ? user.username : '',
          fulfilment: emptyFulfilment({ firstname: first, lastname: rest.join(' ') }, store),
        }}
        shippingText={shipping.data?.shipping?.text ?? null}
        onMethod={setMethod}
        busy={order.isPending}
        error={error}
        onSubmit={(body) => order.mutate({ ...body, checkout_key: checkoutKey })}
      />
    </section>
  );
}
