import { useQuery } from '@tanstack/react-query';
import { inventoryQueryOptions } from '../../api/get-inventory';
import type { InventoryReply } from '../../contracts/product-inventory';
import { usePainted } from '../../ui/after-paint';
import { CHECKING_INVENTORY, INVENTORY_ERROR, inventoryText, NO_RESELLER_PRICES } from '../../domain/inventory';
import styles from './product.module.css';

export interface StockLineProps {
  productId: number;
  /** Who is asking (user id or 'guest'): staff replies carry more and are cached apart. */
  viewer: string;
  /** Staff in POS mode: stock per location and reseller prices under the line. */
  showStaffDetail: boolean;
}

/** 'Checking inventory...' / 'Out of Stock' / '{n} in Stock' (storefront.md §2 "Inventory line"). */
export function StockLine({ productId, viewer, showStaffDetail }: StockLineProps) {
  // Asked once the product has painted (ui/after-paint.ts): 'Checking inventory...' until the reply.
  const painted = usePainted();
  const q = useQuery({ ...inventoryQueryOptions(productId, viewer), enabled: painted });
  if (q.isPending) {
    return (
      <p className={styles.stock} role="status">
        {CHECKING_INVENTORY}
      </p>
    );
  }
  if (q.isError) {
    return (
      <p className={`${styles.stock} ${styles.outOfStock}`} role="alert">
        {INVENTORY_ERROR}
      </p>
    );
  }
  const total = q.data.totalInventory;
  return (
    <>
      <p className={`${styles.stock} ${total > 0 ? styles.inStock : styles.outOfStock}`} role="status">
        {inventoryText(total)}
      </p>
      {showStaffDetail && <StaffInventory data={q.data} />}
    </>
  );
}

/** The stock on hand the device knows (a page from the device catalog: no server to ask). */
export function DeviceStockLine({ stock }: { stock: number }) {
  return (
    <p className={`${styles.stock} ${stock > 0 ? styles.inStock : styles.outOfStock}`} role="status">
      {inventoryText(stock)}
    </p>
  );
}

function StaffInventory({ data }: { data: InventoryReply }) {
  return (
    <div className={styles.panel}>
      <h2>Inventory by Location</h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Location</th>
            <th scope="col">In Stock</th>
          </tr>
        </thead>
        <tbody>
          {data.locations.map((l) => (
            <tr key={l.location_id}>
              <td>{l.name}</td>
              <td>{l.inventory}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Reseller Prices</h2>
      {data.prices.length === 0 ? (
        <p>{NO_RESELLER_PRICES}</p>
      ) : (
        <table className={styles.table}>
          <tbody>
            {data.prices.map((p) => (
              <tr key={p.key}>
                <th scope="row">{p.name}</th>
                <td>{p.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
