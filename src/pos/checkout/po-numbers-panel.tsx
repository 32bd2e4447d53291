import { useState } from 'react';
import { linesMissingPoNumber } from '../../domain/forms/po-number';
import type { Order } from '../../domain/mutations/records';
import type { RunMutation } from '../../device/use-run-mutation';
import { Button } from '../../ui/button';
import { PoNumberModal } from '../../features/pos-order/po-number-modal';
import styles from './checkout.module.css';

/**
 * Purchase orders on the checkout (shown when the shop's po_numbers setting is on): each product's
 * PO number, the ones still missing, and the same PO Number form as the cart (through the sync
 * worker, so it works offline). Completing without one, when the shop requires them, is refused by
 * the domain with "Please add a PO Number to each product before completing check out".
 */
export function PoNumbersPanel({ order, run, required }: { order: Order; run: RunMutation; required: boolean }) {
  const [open, setOpen] = useState(false);
  const products = order.lines.filter((l) => l.kind === 'product' || l.kind === 'custom');
  const missing = linesMissingPoNumber(order.lines).length;
  const locked = order.status === 'complete' || order.status === 'voided';
  return (
    <section aria-labelledby="po-title" className={styles.card}>
      <h2 id="po-title">Purchase Orders</h2>
      {products.length === 0 ? (
        <p className={styles.muted}>No products on this order.</p>
      ) : (
        <ul className={styles.poList}>
          {products.map((l) => (
            <li key={l.id}>
              <span>{l.name}</span>{' '}
              <span className={l.po_number ? undefined : styles.muted}>
                {l.po_number ? `PO: ${l.po_number}` : 'No PO Number'}
              </span>
            </li>
          ))}
        </ul>
      )}
      {required && missing > 0 && (
        <p className={styles.muted} role="note">
          {missing === 1 ? '1 product needs' : `${missing} products need`} a PO Number before check out can be
          completed.
        </p>
      )}
      {products.length > 0 && !locked && (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          PO Number
        </Button>
      )}
      <PoNumberModal order={order} open={open} onOpenChange={setOpen} run={run} />
    </section>
  );
}
