/** Online orders' fulfilment (migration 0028-b; docs/decisions/storefront.md "Online orders and fulfilment"). */
import type { ColumnType } from 'kysely';
import type { AddressFields } from '../../../src/domain/address';
import type { GeneratedDecimal, GeneratedTimestamp, NullableTimestamp } from './columns';

export type Fulfilment = 'pickup' | 'shipping';

/** The shipping address as the checkout validated it (the customer form's address rules). */
export type ShippingAddress = AddressFields;

export interface OnlineOrdersTable {
  order_ref: string;
  fulfilment: Fulfilment;
  location_id: number;
  shipping_address: ColumnType<ShippingAddress | null, string | null, string | null>;
  shipping_cost: GeneratedDecimal;
  shipping_line_ref: string | null;
  created_at: GeneratedTimestamp;
  ready_at: NullableTimestamp;
  ready_by: string | null;
  completed_at: NullableTimestamp;
  completed_by: string | null;
}

export interface OnlineOrderTables {
  online_orders: OnlineOrdersTable;
}
