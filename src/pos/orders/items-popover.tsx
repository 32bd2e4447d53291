import * as Popover from '@radix-ui/react-popover';
import type { OrderRow } from '../../contracts/orders-list';
import { orderNumberLabel } from './orders-params';
import styles from './orders.module.css';

type ItemFields = Pick<OrderRow, 'order_id' | 'total_items' | 'items' | 'line_count'>;

/** The item count opening the order's lines (first ten, then "and N more"). */
export function ItemsPopover({ row }: { row: ItemFields }) {
  if (row.line_count === 0) return <span>{row.total_items}</span>;
  const more = row.line_count - row.items.length;
  const label = `Items on order ${orderNumberLabel(row)}`;
  return (
    <Popover.Root>
      <Popover.Trigger
        className={styles.cellButton}
        aria-label={`${row.total_items} ${row.total_items === 1 ? 'item' : 'items'} on order ${orderNumberLabel(row)}`}
      >
        {row.total_items}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className={styles.popover} sideOffset={6} align="start" aria-label={label}>
          <p className={styles.popoverTitle}>{label}</p>
          <ul className={styles.itemList}>
            {row.items.map((item, i) => (
              <li key={i}>
                <span className={styles.itemQty}>{item.quantity} ×</span> {item.name}
              </li>
            ))}
          </ul>
          {more > 0 && <p className={styles.muted}>and {more} more</p>}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
