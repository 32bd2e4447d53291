/**
 * A catalog product as a cart line takes it: the product's own fields `cart.addProduct` stamps on the
 * line (src/domain/mutations/catalogue.ts), money as a 2-place string. A POS device reads it from its
 * cache (src/db/queries.ts, with what the part finder needs besides), the server from SQL for the
 * cart's add call (server/services/pos/pos-cart-products.ts, priced with the chosen options).
 */
export interface CatalogProduct {
  product_id: number;
  name: string;
  model: string;
  mpn: string;
  aaia: string;
  price: string;
  /** Core charge per unit ('0.00' = none): the line's surcharge, refunded by a core return. */
  surcharge: string;
  minimum: number;
  tax_class_id: number | null;
}
