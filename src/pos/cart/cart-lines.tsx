import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { LABOR_UPDATE_FAILED } from '../../domain/forms/custom-labor';
import { UNIT_PRICE_FAILED } from '../../domain/forms/price-edit';
import { formatLaborTime, laborUnitAmount } from '../../domain/labor';
import { toWire } from '../../domain/money';
import type { LaborLine, Order, OrderLine } from '../../domain/mutations/records';
import { lineTotal, productUnitPrice } from '../../domain/totals';
import { Button } from '../../ui/button';
import { Money } from '../../ui/money';
import { QuantitySelector } from '../../ui/quantity-selector';
import { LaborEditModal } from './labor-modals';
import { PricePopover } from './price-popover';
import type { RunMutation } from './use-cart-actions';
import styles from './cart.module.css';

function unitPrice(l: OrderLine): string {
  switch (l.kind) {
    case 'product':
      return toWire(productUnitPrice(l));
    case 'custom':
      return l.price;
    case 'labor':
      return l.price_override ?? toWire(laborUnitAmount(l.rate, l.minutes));
    case 'voucher':
      return l.amount;
  }
}

function detail(l: OrderLine): string {
  switch (l.kind) {
    case 'product':
      return [l.model || l.mpn, ...l.options.map((o) => `${o.name}: ${o.value}`)].filter(Boolean).join(' · ');
    case 'custom':
      return 'Custom product';
    case 'labor':
      return `Labor · ${formatLaborTime(l.minutes)}`;
    case 'voucher':
      return `Gift certificate ${l.code}`;
  }
}

/** One line's quantity, price, labor edit and remove: re-rendered only when the line itself changed. */
const CartLineRow = memo(
  function CartLineRow({ line: l, orderRef: ref, run, isOnly, onRemoved, onEditLabor, stockWarning }: RowProps) {
    return (
      <tr>
        <td>
          <div className={styles.itemName}>{l.name}</div>
          <div className={styles.muted}>{detail(l)}</div>
          {l.po_number && <div className={styles.muted}>PO: {l.po_number}</div>}
          {stockWarning && <div className={styles.stockWarning}>{stockWarning}</div>}
        </td>
        <td>
          {l.kind === 'voucher' ? (
            'x1'
          ) : (
            <QuantitySelector
              key={`${l.id}:${l.quantity}`}
              value={l.quantity}
              min={l.kind === 'product' ? l.minimum : 1}
              label={`Quantity of ${l.name}`}
              onChange={(quantity) => void run('cart.setQuantity', { order_ref: ref, line_id: l.id, quantity })}
            />
          )}
        </td>
        <td>
          {l.kind === 'product' ? (
            <PricePopover
              original={toWire(productUnitPrice({ ...l, price_override: null }))}
              current={unitPrice(l)}
              itemName={l.name}
              onSave={(newPrice) =>
                run(
                  'cart.updatePrice',
                  { order_ref: ref, line_id: l.id, new_price: newPrice },
                  { failure: UNIT_PRICE_FAILED, failureOn: 'any' },
                )
              }
            />
          ) : l.kind === 'labor' ? (
            <button
              type="button"
              className={styles.priceButton}
              onClick={() => onEditLabor(l)}
              aria-label={`Edit labor ${l.name}`}
            >
              <Money amount={unitPrice(l)} />
            </button>
          ) : (
            <Money amount={unitPrice(l)} />
          )}
        </td>
        <td>
          <Money amount={toWire(lineTotal(l))} />
        </td>
        <td>
          <Button
            variant="ghost"
            aria-label={`Remove ${l.name}`}
            onClick={() =>
              void run('cart.removeLine', { order_ref: ref, line_id: l.id }).then((ok) => ok && onRemoved(isOnly))
            }
          >
            Remove
          </Button>
        </td>
      </tr>
    );
  },
  // Every live-query answer brings new line objects: compare what they hold, so adding a line to a
  // 30-line cart renders one row (and the totals), not 31 (the tap-to-total figure).
  (a, b) =>
    a.orderRef === b.orderRef &&
    a.run === b.run &&
    a.isOnly === b.isOnly &&
    a.onRemoved === b.onRemoved &&
    a.onEditLabor === b.onEditLabor &&
    a.stockWarning === b.stockWarning &&
    sameLine(a.line, b.line),
);

interface RowProps {
  line: OrderLine;
  orderRef: string;
  run: RunMutation;
  isOnly: boolean;
  onRemoved: (wasLast: boolean) => void;
  onEditLabor: (line: LaborLine) => void;
  /** The cart stock text when the sale holds more of this part than the stores have. */
  stockWarning: string | undefined;
}

const sameLine = (a: OrderLine, b: OrderLine): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The cart's items: quantity selector, unit price edit, labor edit, PO number, stock warning, remove. */
export function CartLines({
  order,
  run,
  onRemoved,
  stockWarnings,
}: {
  order: Order;
  run: RunMutation;
  onRemoved: (wasLast: boolean) => void;
  /** Line id -> the cart stock text (src/features/pos-sale/add-to-sale.ts saleStockWarnings). */
  stockWarnings?: ReadonlyMap<string, string>;
}) {
  const [editingLabor, setEditingLabor] = useState<LaborLine | null>(null);
  // The page passes a new callback each render; rows get a stable one that calls the latest.
  const removedRef = useRef(onRemoved);
  useEffect(() => {
    removedRef.current = onRemoved;
  });
  const removed = useCallback((wasLast: boolean) => removedRef.current(wasLast), []);
  const ref = order.id;
  const only = order.lines.length === 1;
  return (
    <>
      <table className={styles.lines}>
        <caption className={styles.srOnly}>Items in the cart</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Quantity</th>
            <th scope="col">Unit price</th>
            <th scope="col">Total</th>
            <th scope="col">
              <span className={styles.srOnly}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l) => (
            <CartLineRow
              key={l.id}
              line={l}
              orderRef={ref}
              run={run}
              isOnly={only}
              onRemoved={removed}
              onEditLabor={setEditingLabor}
              stockWarning={stockWarnings?.get(l.id)}
            />
          ))}
        </tbody>
      </table>
      {editingLabor && (
        <LaborEditModal
          key={editingLabor.id}
          line={editingLabor}
          onClose={() => setEditingLabor(null)}
          onSave={(change, onRefused) =>
            run(
              'cart.updateLabor',
              { order_ref: ref, line_id: editingLabor.id, ...change },
              { failure: LABOR_UPDATE_FAILED, failureOn: 'any', onRefused },
            )
          }
        />
      )}
    </>
  );
}
