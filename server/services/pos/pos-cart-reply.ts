/**
 * The staff cart reply (pos-back-office.md §3 "Cart (staff)") from what the cart order holds. Every
 * cart call answers it whole; the UI replaces its cart state with it (§4).
 */
import type { StaffCartReply } from '../../../src/contracts/staff-cart';
import { formatUSD } from '../../../src/domain/money';
import type { StoreSettings } from '../../../src/domain/settings';
import type { CartView } from './pos-cart-store';
import { customerWire, linesWire, orderData, totalItems, weightOf } from './pos-order-view';

export type YmmVehicle = StaffCartReply['ymm_vehicle'];

/** What a call adds to the cart state it answers with. */
export interface CartOutcome {
  success?: string;
  error_message?: string;
  redirect?: string | null;
  /** A customer was just attached: send the checkout-step marketing event (§4: step 1, option Login). */
  customerLogin?: boolean;
  /** Send the client to the cart page when the cart has no lines left (§4: removing the last item). */
  redirectWhenEmpty?: boolean;
}

export const CART_PAGE = '/checkout/cart';

export function cartReply(
  view: CartView | null,
  settings: StoreSettings,
  ymm: YmmVehicle,
  out: CartOutcome,
): StaffCartReply {
  const lines = view?.order.lines ?? [];
  const { products, vouchers } = linesWire(lines);
  const data = view ? orderData(view.order, view.transactions, settings) : null;
  const items = totalItems(lines);
  const empty = lines.length === 0;
  return {
    products,
    vouchers,
    total_items: items,
    confirm_button: !empty,
    marketing_tracking:
      out.customerLogin && view?.customer ? [{ event: 'checkout_progress', step: 1, option: 'Login' }] : [],
    order_id: view?.order.order_id ?? null,
    order_ref: view?.order.id ?? null,
    success: out.success ?? '',
    error_message: out.error_message ?? '',
    redirect: out.redirectWhenEmpty && empty ? CART_PAGE : (out.redirect ?? null),
    total_text: `${items} item(s) - ${formatUSD(data?.order_total ?? '0')}`,
    ymm_vehicle: ymm,
    customer_vehicles: (view?.vehicles ?? []).map((v) => ({
      id: v.id,
      vehicle_id: v.vehicle_id,
      title: v.title,
      vin: v.vin,
      ymm_data: v.ymm_data,
    })),
    customer: view?.customer ? customerWire(view.customer) : null,
    order_data: data,
    ...weightOf(lines, view?.weights ?? new Map()),
  };
}
