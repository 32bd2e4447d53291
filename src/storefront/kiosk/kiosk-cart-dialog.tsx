/**
 * The kiosk's cart and its Submit to Buy (pos-back-office.md §1, §4 "Kiosk checkout sets status
 * kiosk, shipping_method local_pickup, payment_method cod"; §6 "Kiosk mode: Submit to Buy"). No
 * payment is taken on a shared screen: the customer pays at the counter when picking up. The order
 * is queued on the device (`kiosk.submitOrder` through the sync worker's outbox), so it is taken
 * offline too and reaches the POS Orders list's Kiosk tab once pushed.
 */
import { useState } from 'react';
import { uuidv7 } from '../../db/ids';
import { KIOSK_TEXTS } from '../../domain/kiosk-config';
import { formatMoney } from '../../ui/format-money';
import { Modal } from '../../ui/modal';
import { Button } from '../../ui/button';
import {
  clearKioskCart,
  kioskSubtotal,
  removeKioskLine,
  setKioskQuantity,
  useKioskCart,
  type KioskLine,
} from './kiosk-cart';
import { kioskConnection } from './kiosk-sync';
import styles from './kiosk.module.css';

export const KIOSK_EMPTY = 'Your cart is empty.';
export const kioskSubmitted = (ref: string): string =>
  `Thank you! Your order ${ref} was sent to the counter. Please pay and pick it up there.`;
const NOT_SENT = 'This kiosk could not take the order. Please ask at the counter.';

const SUBMITTED_FIELDS = [
  'line_id',
  'product_id',
  'name',
  'model',
  'mpn',
  'aaia',
  'price',
  'options',
  'quantity',
  'minimum',
  'surcharge',
  'tax_class_id',
] as const satisfies readonly (keyof KioskLine)[];

/** A stored cart line with only the fields `kiosk.submitOrder` takes (what is in storage may carry more). */
const submittedLine = (line: KioskLine) =>
  Object.fromEntries(SUBMITTED_FIELDS.map((k) => [k, line[k]])) as Pick<KioskLine, (typeof SUBMITTED_FIELDS)[number]>;

/** The order's device reference ("C3-0007"), read from the device store once the order is written. */
async function orderReference(orderRef: string): Promise<string> {
  const [{ deviceDb }, { findOrder }] = await Promise.all([
    import('../../device/device-db'),
    import('../../db/queries'),
  ]);
  const view = await findOrder(deviceDb(), orderRef).catch(() => null);
  return view?.order.device_ref ?? orderRef.slice(-8).toUpperCase();
}

export function KioskCartDialog({
  open,
  onOpenChange,
  locationId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  locationId: number | null;
}) {
  const lines = useKioskCart();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const c = kioskConnection();
      if (!c) throw new Error(NOT_SENT);
      await c.ready;
      const order_ref = uuidv7();
      const r = await c.api.mutate('kiosk.submitOrder', {
        order_ref,
        device_ref: null,
        location_id: locationId,
        lines: lines.map(submittedLine),
      });
      if (!r.ok) throw new Error(r.message);
      clearKioskCart();
      setDone(kioskSubmitted(await orderReference(order_ref)));
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : NOT_SENT);
    } finally {
      setBusy(false);
    }
  };

  const close = (o: boolean) => {
    if (!o) setDone(null);
    onOpenChange(o);
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Your order"
      footer={
        done ? (
          <Button onClick={() => close(false)}>Done</Button>
        ) : (
          <Button onClick={() => void submit()} disabled={busy || lines.length === 0}>
            {KIOSK_TEXTS.submitToBuy}
          </Button>
        )
      }
    >
      {done ? (
        <p role="status" className={styles.done}>
          {done}
        </p>
      ) : lines.length === 0 ? (
        <p>{KIOSK_EMPTY}</p>
      ) : (
        <>
          <ul className={styles.lines} aria-label="Items">
            {lines.map((l) => (
              <li key={l.line_id} className={styles.line}>
                <span className={styles.lineName}>
                  {l.name}
                  {l.options.length > 0 && <small> ({l.options.map((o) => o.value).join(', ')})</small>}
                </span>
                <label className={styles.qty}>
                  <span className={styles.srOnly}>Quantity of {l.name}</span>
                  <input
                    type="number"
                    min={l.minimum}
                    max={10000}
                    value={l.quantity}
                    onChange={(e) => setKioskQuantity(l.line_id, Number(e.target.value) || l.minimum)}
                  />
                </label>
                <span>{formatMoney(l.price)}</span>
                <Button variant="ghost" onClick={() => removeKioskLine(l.line_id)} aria-label={`Remove ${l.name}`}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          <p className={styles.subtotal}>
            Subtotal: <strong>{formatMoney(kioskSubtotal(lines))}</strong>
          </p>
          <p className={styles.hint}>Pick up and pay at the counter. Prices and tax are confirmed there.</p>
        </>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </Modal>
  );
}
