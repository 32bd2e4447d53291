/** The catalog: brands, categories, series, taxes, labor, products with their options, stock and package components. */
import type { ColumnType, Generated } from 'kysely';
import type { Decimal, GeneratedDecimal, GeneratedTimestamp, Id, Version } from './columns';

export interface ManufacturersTable {
  manufacturer_id: Id;
  name: string;
  /** 4-character AAIA brand code, e.g. 'BBWW'. */
  aaia_code: string;
  slug: string;
  image: Generated<string>;
  version: Version;
}

export interface CategoriesTable {
  category_id: Id;
  parent_id: number | null;
  name: string;
  slug: string;
  sort_order: Generated<number>;
  status: Generated<boolean>;
  version: Version;
}

export interface SeriesTable {
  series_id: Id;
  manufacturer_id: number;
  name: string;
  slug: string;
  version: Version;
}

export interface TaxClassesTable {
  tax_class_id: Id;
  title: string;
  version: Version;
}

export interface TaxRatesTable {
  tax_rate_id: Id;
  tax_class_id: number;
  name: string;
  /** Percent, e.g. '8.2500'. */
  rate: Decimal;
  /** Migration 0023: the one store it applies at; null = every store. */
  location_id: number | null;
  /** Migration 0023: the state (zones.code) it applies in; null = every state. */
  zone_code: string | null;
  version: Version;
}

export interface LaborTypesTable {
  labor_id: Id;
  title: string;
  /** Hourly rate. */
  amount: Decimal;
  version: Version;
}

export interface ProductsTable {
  product_id: Id;
  manufacturer_id: number;
  aaia: string;
  mpn: string;
  /** Upper-case mpn without punctuation (generated): the key for scanner and typed lookups. */
  mpn_key: ColumnType<string, never, never>;
  series_id: number | null;
  name: string;
  short_name: Generated<string>;
  short_description: Generated<string>;
  description: Generated<string>;
  slug: string;
  upc: string | null;
  tax_class_id: number | null;
  /** Retail price. */
  price: GeneratedDecimal;
  msrp: GeneratedDecimal;
  cost: GeneratedDecimal;
  minimum: Generated<number>;
  is_orderable: Generated<boolean>;
  disable_pricing: Generated<boolean>;
  requires_options: Generated<boolean>;
  is_universal: Generated<boolean>;
  show_install_graphic: Generated<boolean>;
  labor_id: number | null;
  /** Minutes. */
  labor_time: number | null;
  image: Generated<string>;
  status: Generated<boolean>;
  weight: GeneratedDecimal;
  date_added: GeneratedTimestamp;
  /** The cart's stock warning for this product; null or blank: the default sentence (migration 0014). */
  oos_text: ColumnType<string | null, string | null | undefined, string | null>;
  /** Core charge per unit, refunded when the old part comes back; 0 = none (migration 0021). */
  surcharge: GeneratedDecimal;
  version: Version;
}

export interface ProductCategoriesTable {
  product_id: number;
  category_id: number;
  version: Version;
}

export interface ProductOptionsTable {
  product_option_id: Id;
  product_id: number;
  name: string;
  type: Generated<'select' | 'radio' | 'checkbox' | 'text'>;
  required: Generated<boolean>;
  sort_order: Generated<number>;
  version: Version;
}

export interface ProductOptionValuesTable {
  product_option_value_id: Id;
  product_option_id: number;
  name: string;
  price: GeneratedDecimal;
  price_prefix: Generated<'+' | '-'>;
  sort_order: Generated<number>;
  version: Version;
}

export interface ProductStockTable {
  product_id: number;
  location_id: number;
  quantity: Generated<number>;
  warehouse_location: Generated<string>;
  version: Version;
}

/** Migration 0013: the parts a package product is made of. */
export interface ProductComponentsTable {
  package_id: number;
  component_id: number;
  quantity: Generated<number>;
  sort_order: Generated<number>;
}

/** The catalog tables in DB. */
export interface CatalogTables {
  manufacturers: ManufacturersTable;
  categories: CategoriesTable;
  series: SeriesTable;
  tax_classes: TaxClassesTable;
  tax_rates: TaxRatesTable;
  labor_types: LaborTypesTable;
  products: ProductsTable;
  product_categories: ProductCategoriesTable;
  product_options: ProductOptionsTable;
  product_option_values: ProductOptionValuesTable;
  product_stock: ProductStockTable;
  product_components: ProductComponentsTable;
}
