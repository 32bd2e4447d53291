/** Order lifecycle and cart edits: staff only (the kiosk and storefront carts are a later issue). */
import { catalogPricedCoreReturn, catalogPricedLabor, catalogPricedProduct } from './catalog-priced';
import { domainApplier } from './domain-applier';
import { atActorsStore } from './order-store';
import type { ApplierMap } from './types';
import { soldVouchers } from './vouchers';
import { giftCodeFree } from './gift-codes';

const names = [
  'order.create',
  'order.setCustomer',
  'order.removeCustomer',
  'order.save',
  'order.quote',
  'order.submitKiosk',
  'order.complete',
  'order.void',
  'poNumber.apply',
  'cart.addProduct',
  'cart.addCoreReturn',
  'cart.addCustomProduct',
  'cart.addLabor',
  'cart.updateLabor',
  'cart.setQuantity',
  'cart.updatePrice',
  'cart.removeLine',
  'cart.addVoucher',
] as const;

export const orderAppliers: ApplierMap = {
  ...Object.fromEntries(names.map((n) => [n, domainApplier(n, 'staff')])),
  // The order's store (its tax rates) is the acting staff member's, never the device's word.
  'order.create': atActorsStore(domainApplier('order.create', 'staff')),
  'cart.addProduct': catalogPricedProduct(domainApplier('cart.addProduct', 'staff')),
  'cart.addCoreReturn': catalogPricedCoreReturn(domainApplier('cart.addCoreReturn', 'staff')),
  'cart.addLabor': catalogPricedLabor(domainApplier('cart.addLabor', 'staff')),
  // Completing issues the gift certificates the order sold; voiding voids them.
  'order.complete': domainApplier('order.complete', 'staff', soldVouchers),
  'order.void': domainApplier('order.void', 'staff', soldVouchers),
  // A gift certificate's code must be free when the sale reaches the server.
  'cart.addVoucher': domainApplier('cart.addVoucher', 'staff', giftCodeFree),
};
