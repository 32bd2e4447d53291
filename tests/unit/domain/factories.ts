/** Record factories with overrides for the domain tests. */
import { emptyTotals } from '../../../src/domain/mutations/guards';
import type {
  CustomLine,
  Customer,
  LaborLine,
  Order,
  ProductLine,
  Transaction,
  VoucherLine,
} from '../../../src/domain/mutations/records';
import type { MutatorContext } from '../../../src/domain/mutations/types';
import { defaultStoreSettings, type StoreSettings } from '../../../src/domain/settings';

export const uuid = (n: number): string => `00000000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;
export const NOW = '2026-11-22T10:00:00.000Z';

export const settings = (over: Partial<StoreSettings> = {}): StoreSettings => ({
  ...defaultStoreSettings,
  taxClasses: [
    { tax_class_id: 9, title: 'Taxable Goods', rate: '8.25' },
    { tax_class_id: 10, title: 'Reduced', rate: '5' },
    { tax_class_id: 11, title: 'Labor', rate: '6' },
  ],
  ...over,
});

export const ctx = (over: Partial<StoreSettings> = {}): MutatorContext => ({
  now: NOW,
  actor: { id: 'user-1', role: 'cashier' },
  settings: settings(over),
});

export const product = (over: Partial<ProductLine> = {}): ProductLine => ({
  kind: 'product',
  id: uuid(100),
  name: 'Brake Pad',
  quantity: 1,
  po_number: null,
  product_id: 42,
  model: 'BP-1',
  mpn: 'BP1',
  aaia: 'ABCD',
  price: '10.00',
  options: [],
  price_override: null,
  surcharge: '0.00',
  tax_class_id: 9,
  minimum: 1,
  ...over,
});

export const custom = (over: Partial<CustomLine> = {}): CustomLine => ({
  kind: 'custom',
  id: uuid(200),
  name: 'Shop supplies',
  quantity: 1,
  po_number: null,
  price: '5.00',
  tax_class_id: null,
  ...over,
});

export const labor = (over: Partial<LaborLine> = {}): LaborLine => ({
  kind: 'labor',
  id: uuid(300),
  name: 'Install',
  quantity: 1,
  po_number: null,
  labor_id: 1,
  rate: '120.00',
  minutes: 90,
  price_override: null,
  product_line_id: null,
  ...over,
});

export const voucherLine = (over: Partial<VoucherLine> = {}): VoucherLine => ({
  kind: 'voucher',
  id: uuid(400),
  name: 'Gift Certificate',
  quantity: 1,
  po_number: null,
  code: 'GIFT1',
  description: 'Gift',
  message: '',
  voucher_theme: '',
  amount: '25.00',
  original_amount: '25.00',
  ...over,
});

export const order = (over: Partial<Order> = {}): Order => ({
  id: uuid(1),
  order_id: null,
  device_ref: 'C2-0001',
  status: 'draft',
  order_status_id: null,
  customer_ref: null,
  customer_id: null,
  customer_name: null,
  tax_exempt: false,
  tax_exempt_number: null,
  location_id: null,
  lines: [],
  shipping_method: null,
  payment_method: null,
  cashier_id: 'user-1',
  totals: { ...emptyTotals },
  created_at: NOW,
  updated_at: NOW,
  completed_at: null,
  voided_at: null,
  ...over,
});

export const customer = (over: Partial<Customer> = {}): Customer => ({
  id: uuid(2),
  customer_id: 7,
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@example.com',
  telephone: '(555) 123-4567',
  texting_alerts: true,
  newsletter: false,
  status: true,
  safe: false,
  customer_group_id: 1,
  tax_exempt: false,
  tax_exempt_number: null,
  default_location_id: null,
  store_credit: '0.00',
  addresses: [],
  created_at: NOW,
  updated_at: NOW,
  ...over,
});

export const transaction = (over: Partial<Transaction> = {}): Transaction => ({
  id: uuid(500),
  transaction_id: null,
  order_ref: uuid(1),
  transaction_type: 'cash',
  transaction_label: 'Cash',
  amount: '10.00',
  surcharge: '0.00',
  surcharge_tax: '0.00',
  status: 'approved',
  card_type: null,
  check_number: null,
  voucher_code: null,
  actor_id: 'user-1',
  created_at: NOW,
  voided_at: null,
  ...over,
});
