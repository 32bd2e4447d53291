import type { ColumnType, Generated, Kysely } from 'kysely';
import type { PaymentsDB } from './schema-payments';

/** Migration 0013: the parts a package product is made of. */
export interface ProductComponentsTable {
  package_id: number;
  component_id: number;
  quantity: Generated<number>;
  sort_order: Generated<number>;
}

/** notifications as 0013 widened it: a Contact Us message is kind 'product_contact'. */
type ContactNotifications = Omit<PaymentsDB['notifications'], 'kind'> & {
  kind: ColumnType<'receipt' | 'payment_link' | 'product_contact'>;
};

export type ProductDB = Omit<PaymentsDB, 'notifications'> & {
  product_components: ProductComponentsTable;
  notifications: ContactNotifications;
};

/** The same connection seen with the product page's tables (no runtime effect). */
export function productDb<T>(db: Kysely<T>): Kysely<ProductDB> {
  return db as unknown as Kysely<ProductDB>;
}
