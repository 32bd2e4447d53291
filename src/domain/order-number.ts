/**
 * What an order is called on screen and paper: its number once the server gave it one, until then
 * the device's own reference (C2-0042, minted offline), so an offline receipt names the sale it is
 * for (docs/decisions/pos.md "Order numbers").
 */
export function orderNumberText(order: { order_id: number | null; device_ref: string | null }): string {
  if (order.order_id !== null) return String(order.order_id);
  return order.device_ref ?? 'pending sync';
}
