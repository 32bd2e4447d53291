import { useState } from 'react';
import { useNavigate } from 'react-router';
import { findOrder, lookupRows } from '../../db/queries';
import { uuidv7 } from '../../db/ids';
import { decimal } from '../../domain/money';
import { editableStatuses, type ProductLine } from '../../domain/mutations/records';
import { setCartRef, useCartRef } from '../../device/pos-cart-ref';
import { deviceDb } from '../../device/device-db';
import { useLiveQuery } from '../../device/use-live-query';
import { useSession } from '../../features/session/use-session';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast/toast-context';
import { CartCodes } from './cart-codes';
import { CartLines } from './cart-lines';
import { CartSummary } from './cart-summary';
import { CoreReturnModal } from './core-return-modal';
import { CustomerBanner } from '../../features/pos-customer/customer-banner';
import { PosCartFitment } from '../../features/fitment/pos-cart-fitment';
import { CustomProductModal, type TaxClass } from './custom-product-modal';
import { GiftCertificateModal } from './gift-certificate-modal';
import { CustomLaborModal, type LaborType } from './labor-modals';
import { PartFinder } from './part-finder';
import { PoNumberModal } from '../../features/pos-order/po-number-modal';
import { putAsideOrder } from '../../features/pos-order/put-aside';
import { saleStockWarnings } from '../../features/pos-sale/add-to-sale';
import { useCartActions } from './use-cart-actions';
import styles from './cart.module.css';

type Dialog = 'custom' | 'labor' | 'po' | 'cancel' | 'core' | 'gift' | null;

/**
 * The POS cart (/pos/cart; /checkout/cart in POS mode): the draft order on this counter, read
 * live from the device cache and changed through the sync worker, so it works offline.
 */
export function CartPage() {
  const { user } = useSession();
  const userId = user?.id ?? '';
  const cartRef = useCartRef(userId || null);
  const navigate = useNavigate();
  const toast = useToast();
  const [dialog, setDialog] = useState<Dialog>(null);
  const db = deviceDb();
  const view = useLiveQuery(() => (cartRef ? findOrder(db, cartRef) : Promise.resolve(null)), [cartRef]);
  const lookups = useLiveQuery(
    async () => ({
      labor: await lookupRows<LaborType>(db, 'labor_types'),
      tax: await lookupRows<TaxClass>(db, 'tax_classes'),
    }),
    [],
  );
  const order = view.data && editableStatuses.includes(view.data.order.status) ? view.data.order : null;
  const { run, ensureCart, addProduct, addCoreReturn } = useCartActions(userId, user?.locationId ?? null, order);
  const cored = (order?.lines ?? []).filter(
    (l): l is ProductLine => l.kind === 'product' && decimal(l.surcharge).gt(0),
  );
  // Stock on hand changes with pulls, the sale with every edit: both re-run this.
  const stock = useLiveQuery(
    () => (order ? saleStockWarnings(db, order) : Promise.resolve(new Map<string, string>())),
    [order],
  );

  if (view.loading) return <Spinner label="Loading the cart..." />;

  const number = order ? (order.order_id ?? order.id) : null;
  const done = () => setCartRef(userId, null);
  const save = async (then: 'toast' | 'checkout') => {
    if (!order || !(await run('order.save', { order_ref: order.id }))) return;
    if (then === 'checkout') {
      await navigate(`/pos/checkout?order_id=${number}`);
      return;
    }
    done();
    toast.success(
      order.order_id ? `Order # ${order.order_id}` : 'The order will get its number when this device syncs.',
      {
        title: 'Order Saved!',
        actions: [
          { label: 'View Order', to: `/pos/order/view?order_id=${number}` },
          { label: 'All Orders', to: '/pos/order' },
        ],
      },
    );
  };
  const quote = async () => {
    if (!order || !(await run('order.quote', { order_ref: order.id }))) return;
    done();
    await navigate(`/pos/order/receipt?order_id=${number}`);
  };
  const abandon = async () => {
    if (order && !(await putAsideOrder(run, order, view.data?.transactions ?? []))) return;
    done();
  };
  const cancel = async () => {
    setDialog(null);
    if (order && (await run('order.void', { order_ref: order.id }))) {
      done();
      toast.success('The order was cancelled.');
    }
  };

  return (
    <section aria-labelledby="cart-title" className={styles.page}>
      <div className={styles.head}>
        <h1 id="cart-title" className={styles.title}>
          {order?.order_id ? `Cart - Order # ${order.order_id}` : 'Cart'}
        </h1>
        {view.data?.pending && order && <span className={styles.pendingBadge}>Pending sync</span>}
      </div>
      <CustomerBanner order={order} ensureCart={ensureCart} run={run} />
      <PosCartFitment order={order} run={run} />
      <PartFinder
        laborTypes={lookups.data?.labor ?? []}
        onAdd={async (p, how) => (await addProduct(p, p.minimum, how)) !== null}
      />
      <div className={styles.tools}>
        <Button variant="secondary" onClick={() => setDialog('custom')}>
          Add a Custom Product
        </Button>
        <Button variant="secondary" onClick={() => setDialog('labor')}>
          Custom labor
        </Button>
        <Button variant="secondary" onClick={() => setDialog('core')}>
          Core Return
        </Button>
        <Button variant="secondary" onClick={() => setDialog('gift')}>
          Gift Certificate
        </Button>
        {order && order.lines.length > 0 && (
          <Button variant="secondary" onClick={() => setDialog('po')}>
            PO Number
          </Button>
        )}
      </div>
      {!order || order.lines.length === 0 ? (
        <EmptyState title="Your shopping cart is empty!" />
      ) : (
        <div className={styles.body}>
          <CartLines
            order={order}
            run={run}
            stockWarnings={stock.data}
            onRemoved={(last) => last && void navigate('/checkout/cart')}
          />
          <aside className={styles.side}>
            <CartSummary order={order} transactions={view.data?.transactions ?? []} />
            <CartCodes order={order} transactions={view.data?.transactions ?? []} run={run} />
            <div className={styles.actions}>
              <Button onClick={() => void save('checkout')}>Save and Checkout</Button>
              <Button variant="secondary" onClick={() => void save('toast')}>
                Save Order
              </Button>
              <Button variant="secondary" onClick={() => void quote()}>
                Quote
              </Button>
              <Button variant="ghost" onClick={() => void abandon()}>
                Abandon
              </Button>
              <Button variant="danger" onClick={() => setDialog('cancel')}>
                Cancel Order
              </Button>
            </div>
          </aside>
        </div>
      )}
      <CustomProductModal
        open={dialog === 'custom'}
        onOpenChange={(o) => setDialog(o ? 'custom' : null)}
        taxClasses={lookups.data?.tax ?? []}
        onSave={async (v) => {
          const ref = await ensureCart();
          return ref !== null && run('cart.addCustomProduct', { order_ref: ref, line_id: uuidv7(), ...v });
        }}
      />
      <CustomLaborModal
        open={dialog === 'labor'}
        onOpenChange={(o) => setDialog(o ? 'labor' : null)}
        laborTypes={lookups.data?.labor ?? []}
        onSave={async ({ labor, minutes, quantity, name }) => {
          const ref = await ensureCart();
          return (
            ref !== null &&
            run('cart.addLabor', {
              order_ref: ref,
              line_id: uuidv7(),
              labor_id: labor.labor_id,
              name,
              rate: labor.amount,
              minutes,
              quantity,
            })
          );
        }}
      />
      {dialog === 'gift' && (
        <GiftCertificateModal
          onOpenChange={(o) => setDialog(o ? 'gift' : null)}
          onSave={async (v) => {
            const ref = await ensureCart();
            return (
              ref !== null &&
              run('cart.addVoucher', {
                order_ref: ref,
                line_id: uuidv7(),
                code: v.code,
                amount: v.amount,
                description: `Gift Certificate ${v.code}`,
                message: v.message,
                to_name: v.to_name,
                to_email: v.to_email,
              })
            );
          }}
        />
      )}
      {dialog === 'core' && (
        <CoreReturnModal open onOpenChange={(o) => setDialog(o ? 'core' : null)} cored={cored} onSave={addCoreReturn} />
      )}
      {order && (
        <PoNumberModal
          order={order}
          open={dialog === 'po'}
          onOpenChange={(o) => setDialog(o ? 'po' : null)}
          run={run}
        />
      )}
      <ConfirmDialog
        open={dialog === 'cancel'}
        title="Cancel Order"
        message="Cancel this order? It will be voided."
        confirmLabel="Cancel Order"
        tone="warning"
        onConfirm={() => void cancel()}
        onCancel={() => setDialog(null)}
      />
    </section>
  );
}
