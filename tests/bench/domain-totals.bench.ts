/**
 * Median time of computeTotals for a 50-line order: mixed tax classes, products with options and
 * overrides, custom products, labor (computed and overridden), a gift certificate, and payments.
 * Run: npx tsx tests/bench/domain-totals.bench.ts
 */
import { performance } from 'node:perf_hooks';
import type { OrderLine, Transaction } from '../../src/domain/mutations/records';
import { defaultStoreSettings, type StoreSettings } from '../../src/domain/settings';
import { computeTotals } from '../../src/domain/totals';

const settings: StoreSettings = {
  ...defaultStoreSettings,
  taxClasses: [
    { tax_class_id: 9, title: 'Taxable Goods', rate: '8.25' },
    { tax_class_id: 10, title: 'Reduced', rate: '4.5' },
    { tax_class_id: 11, title: 'Labor', rate: '6.125' },
  ],
  laborTaxClassId: 11,
  surchargeTaxable: true,
  cardSurcharge: { percent: '3', applyToDebit: false, taxClassId: 9 },
};

const lines: OrderLine[] = [];
for (let i = 0; i < 50; i++) {
  const id = `line-${i}`;
  const k = i % 5;
  if (k === 0 || k === 1) {
    lines.push({
      kind: 'product',
      id,
      name: `Part ${i}`,
      quantity: 1 + (i % 4),
      po_number: null,
      product_id: 1000 + i,
      model: 'M',
      mpn: `MPN${i}`,
      aaia: 'ABCD',
      price: `${19 + i}.99`,
      options: [
        { name: 'Finish', value: 'Black', price: '4.50' },
        { name: 'Size', value: 'L', price: '1.25' },
      ],
      price_override: i % 10 === 0 ? `${15 + i}.00` : null,
      surcharge: i % 3 === 0 ? '12.00' : '0.00',
      tax_class_id: k === 0 ? 9 : 10,
      minimum: 1,
    });
  } else if (k === 2) {
    lines.push({
      kind: 'custom',
      id,
      name: `Custom ${i}`,
      quantity: 2,
      po_number: null,
      price: `${7 + i}.35`,
      tax_class_id: i % 4 === 0 ? null : 9,
    });
  } else if (k === 3) {
    lines.push({
      kind: 'labor',
      id,
      name: `Install ${i}`,
      quantity: 1 + (i % 2),
      po_number: null,
      labor_id: 3,
      rate: '129.99',
      minutes: 15 + (i % 7) * 10,
      price_override: i % 8 === 3 ? '45.00' : null,
      product_line_id: `line-${i - 3}`,
    });
  } else if (i === 49 || i === 4) {
    lines.push({
      kind: 'voucher',
      id,
      name: 'Gift Certificate',
      quantity: 1,
      po_number: null,
      code: `GC${i}`,
      description: 'Gift',
      message: '',
      voucher_theme: '',
      amount: '50.00',
      original_amount: '50.00',
    });
  } else {
    lines.push({ kind: 'custom', id, name: `Fee ${i}`, quantity: 1, po_number: null, price: '3.10', tax_class_id: 10 });
  }
}
const transactions: Pick<Transaction, 'amount' | 'surcharge' | 'surcharge_tax' | 'status'>[] = [
  { amount: '100.00', surcharge: '3.00', surcharge_tax: '0.25', status: 'approved' },
  { amount: '250.00', surcharge: '0.00', surcharge_tax: '0.00', status: 'approved' },
  { amount: '40.00', surcharge: '0.00', surcharge_tax: '0.00', status: 'void' },
];
const input = { lines, transactions, taxExempt: false, taxExemptNumber: null };

const WARMUP = 2000;
const RUNS = 20;
const PER_RUN = 500;
let sink = '';
for (let i = 0; i < WARMUP; i++) sink = computeTotals(input, settings).orderTotal.toFixed(2);
const perCall: number[] = [];
for (let r = 0; r < RUNS; r++) {
  const t0 = performance.now();
  for (let i = 0; i < PER_RUN; i++) sink = computeTotals(input, settings).orderTotal.toFixed(2);
  perCall.push((performance.now() - t0) / PER_RUN);
}
perCall.sort((a, b) => a - b);
const median = perCall[Math.floor(RUNS / 2)]!;
const p95 = perCall[Math.min(RUNS - 1, Math.ceil(RUNS * 0.95) - 1)]!;
// Single-call distribution too (timer resolution permitting).
const single: number[] = [];
for (let i = 0; i < 5000; i++) {
  const t0 = performance.now();
  sink = computeTotals(input, settings).orderTotal.toFixed(2);
  single.push(performance.now() - t0);
}
single.sort((a, b) => a - b);
console.log(
  `computeTotals, 50 lines (products with options/overrides, custom, labor, vouchers, 3 tax classes, 3 payments); order total $${sink}`,
);
console.log(
  `batched: median ${median.toFixed(4)} ms/computation, p95 ${p95.toFixed(4)} ms (${RUNS} runs x ${PER_RUN})`,
);
console.log(`single calls: median ${single[2500]!.toFixed(4)} ms, p95 ${single[4750]!.toFixed(4)} ms (5000 calls)`);
