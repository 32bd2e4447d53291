/**
 * The fulfilment a checkout sends (docs/decisions/storefront.md "Online orders and fulfilment"):
 * pickup at a store, or shipping to an address checked with the customer form's address rules.
 * Apart from src/contracts/online-orders.ts so the checkout page loads these rules only when the
 * shopper submits (docs/decisions/storefront.md "Lazy areas under 50 KB").
 */
import { z } from 'zod';
import { addressSchema } from '../domain/forms/address';

/** The shipping address: the customer form's address rules with every §5 address field required. */
export const shippingAddressSchema = addressSchema(true).pick({
  firstname: true,
  lastname: true,
  company: true,
  address_1: true,
  address_2: true,
  city: true,
  postcode: true,
  country_id: true,
  zone_id: true,
});
export type ShippingAddressForm = z.input<typeof shippingAddressSchema>;

const storeId = z.coerce
  .number({ error: 'Choose a store to pick the order up at.' })
  .int('Choose a store to pick the order up at.')
  .positive('Choose a store to pick the order up at.');

export const fulfilmentSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('pickup'), location_id: storeId.nullable().default(null) }),
  z.object({ method: z.literal('shipping'), address: shippingAddressSchema }),
]);
export type FulfilmentRequest = z.input<typeof fulfilmentSchema>;
