import type { OrderLine } from '../domain/mutations/records';
import { toWire } from '../domain/money';
import { lineTotal } from '../domain/totals';
import { Money } from './money';
import styles from './order-items-table.module.css';

/**
 * What the Model column says for a line: the product's model (its part number when it has none),
 * else what kind of line it is (docs/decisions/pos.md "Order items table").
 */
export function lineModel(l: OrderLine): string {
  switch (l.kind) {
    case 'product':
      return l.model || l.mpn;
    case 'labor':
      return 'Labor';
    case 'custom':
      return 'Custom';
    case 'voucher':
      return l.code;
    case 'core_return':
      return l.mpn ? `Core ${l.mpn}` : 'Core';
  }
}

export interface OrderItemsTableProps {
  lines: readonly OrderLine[];
  /**
   * `full` (order view, invoice): Item, Model, PO Number, Quantity, Total. `roll` (the receipt,
   * printable on an 80 mm roll): Item with its PO number under it, Qty, Total.
   */
  variant?: 'full' | 'roll';
  /** Margins from the page around the table. */
  className?: string;
}

/** The items of an order (the spec's order product: name, model, po_number, quantity, total). */
export function OrderItemsTable({ lines, variant = 'full', className }: OrderItemsTableProps) {
  const roll = variant === 'roll';
  return (
    <table className={[styles.table, roll ? styles.roll : '', className ?? ''].filter(Boolean).join(' ')}>
      <thead>
        <tr>
          <th scope="col">Item</th>
          {!roll && <th scope="col">Model</th>}
          {!roll && <th scope="col">PO Number</th>}
          <th scope="col">{roll ? 'Qty' : 'Quantity'}</th>
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.id}>
            <td>
              {l.name}
              {roll && l.po_number && <div className={styles.po}>PO {l.po_number}</div>}
            </td>
            {!roll && <td>{lineModel(l)}</td>}
            {!roll && <td>{l.po_number ?? ''}</td>}
            <td>{l.quantity}</td>
            <td>
              <Money amount={toWire(lineTotal(l))} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
