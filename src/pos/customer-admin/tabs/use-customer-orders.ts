/**
 * A customer's orders and returns from the device cache, for the Orders and Returns tabs: live, so
 * a pulled order, a return queued here or a deleted order shows without a reload. The device
 * holds every order and return (staff devices pull them all), so the tabs answer offline exactly
 * as GET /api/customer_order and /api/customer_return do online (the same domain rows, sorts, pages).
 */
import { customerOrdersData } from '../../../db/order-returns';
import { deviceDb } from '../../../device/device-db';
import { useLiveQuery } from '../../../device/use-live-query';

export function useCustomerOrders(customerRef: string) {
  return useLiveQuery(() => customerOrdersData(deviceDb(), customerRef), [customerRef]);
}
