/** Composition of the storefront cart, compare/wishlist and checkout services for app.ts. */
import type { Kysely } from 'kysely';
import { defaultStoreSettings } from '../../../src/domain/settings';
import { SimulatedOnlineGateway, type OnlinePaymentGateway } from '../../adapters/online-payment/storefront-gateway';
import type { DB } from '../../db/schema';
import type { SyncOptions } from '../../sync/create';
import { PosCommands } from '../pos/pos-commands';
import { ProductSettingsCache } from '../catalog/product-settings';
import { ShopCartService } from './shop-cart-service';
import { ShopCheckoutService } from './shop-checkout-service';
import { ShopListsService } from './shop-lists-service';

export interface ShopServices {
  cart: ShopCartService;
  lists: ShopListsService;
  checkout: ShopCheckoutService;
}

/**
 * `sync`: the push's appliers, settings and clock, so a storefront order adds up as a POS one.
 * The storefront checkout IS the shop's online payment channel, so its `online` transaction is
 * allowed whatever the POS's online tender flag says (docs/decisions/storefront.md "Online checkout").
 */
export function createShopServices(
  db: Kysely<DB>,
  sync: SyncOptions,
  gateway: OnlinePaymentGateway = new SimulatedOnlineGateway(),
  shopSettings: ProductSettingsCache = new ProductSettingsCache(),
): ShopServices {
  const load = sync.settings ?? (() => Promise.resolve(defaultStoreSettings));
  const cart = new ShopCartService(db, load, shopSettings);
  const commands = new PosCommands(db, {
    ...sync,
    settings: async (d) => {
      const s = await load(d);
      return { ...s, paymentTypeFlags: { ...s.paymentTypeFlags, online: true } };
    },
  });
  return { cart, lists: new ShopListsService(db, shopSettings), checkout: new ShopCheckoutService(commands, cart, gateway) };
}
