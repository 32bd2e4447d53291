/** What an add to cart asks and answers, whoever takes it (cart-adder.ts chooses: use-add-to-cart.ts for shoppers, src/features/pos-sale for the POS). */
import type { OptionDef, OptionValueDef } from '../../domain/product-options';

export interface CartAddRequest {
  product_id: number;
  quantity: number;
  /** product_option_id -> value id (or ids, or text), as the product page's form holds them. */
  option?: Readonly<Record<string, string | readonly string[]>>;
  /** Add the product's installation labor with it ('Add With {labor title}'). */
  apply_labor?: boolean;
  /** The product's page, for the toast's View Product (the shopper's reply carries its own). */
  link?: string;
  /** The options as the page shows them (ids, names, prices): what a POS device shows until the server prices them. */
  optionCatalog?: { defs: OptionDef[]; values: OptionValueDef[] };
}

export interface CartAdded {
  /** Where Instant Checkout goes for this cart: the online checkout, or the POS checkout of the sale. */
  checkoutPath: string;
}

export interface CartAdder {
  /** Resolves with where to check out once the item is in the cart; null when it is not (the reason was toasted). */
  add: (req: CartAddRequest) => Promise<CartAdded | null>;
  isPending: boolean;
}
