import { useId } from 'react';
import type { ProductOption } from '../../contracts/product-page';
import type { OptionDef, OptionValueDef } from '../../domain/product-options';
import { formatMoney } from '../../ui/format-money';
import styles from './product.module.css';

/** product_option_id -> value id (select, radio), value ids (checkbox) or text. */
export type OptionValues = Record<string, string | string[]>;

export const REQUIRES_OPTIONS = 'Requires options to be selected';

/** The required options that have no value yet. */
export function missingOptions(options: ProductOption[], values: OptionValues): ProductOption[] {
  return options.filter((o) => {
    if (!o.required) return false;
    const v = values[String(o.product_option_id)];
    return v === undefined || (Array.isArray(v) ? v.length === 0 : v.trim() === '');
  });
}

/** The options as the page received them, in the domain's terms (src/domain/product-options.ts), in page order. */
export function optionCatalogOf(options: readonly ProductOption[]): { defs: OptionDef[]; values: OptionValueDef[] } {
  return {
    defs: options.map((o, i) => ({
      product_option_id: o.product_option_id,
      name: o.name,
      type: o.type,
      required: o.required,
      sort_order: i,
    })),
    values: options.flatMap((o) =>
      o.values.map((v, i) => ({
        product_option_value_id: v.product_option_value_id,
        product_option_id: o.product_option_id,
        name: v.name,
        price: v.price ?? '0.00',
        price_prefix: v.price_prefix,
        sort_order: i,
      })),
    ),
  };
}

const priceSuffix = (v: ProductOption['values'][number]) => {
  if (v.price === null || Number(v.price) === 0) return '';
  return ` (${v.price_prefix}${formatMoney(v.price) ?? v.price})`;
};

export interface ProductOptionsProps {
  options: ProductOption[];
  values: OptionValues;
  onChange: (values: OptionValues) => void;
  /** After a try to add without them: the required options still missing get their message. */
  showMissing: boolean;
}

/** The product's options form: select, radio, checkbox or text per option; required ones marked *. */
export function ProductOptions({ options, values, onChange, showMissing }: ProductOptionsProps) {
  const base = useId();
  if (options.length === 0) return null;
  const missing = new Set(showMissing ? missingOptions(options, values).map((o) => o.product_option_id) : []);
  const set = (o: ProductOption, v: string | string[]) => onChange({ ...values, [String(o.product_option_id)]: v });

  return (
    <fieldset className={styles.options}>
      <legend className={styles.legend}>Available Options</legend>
      {options.map((o) => {
        const id = `${base}-${o.product_option_id}`;
        const current = values[String(o.product_option_id)];
        const error = missing.has(o.product_option_id) ? `${o.name} required!` : null;
        const label = (
          <>
            {o.name}
            {o.required && <span className={styles.required}> *</span>}
          </>
        );
        const errorLine = error && (
          <p id={`${id}-error`} className={styles.error} role="alert">
            {error}
          </p>
        );
        if (o.type === 'select' || o.type === 'text') {
          return (
            <div key={o.product_option_id} className={styles.qty}>
              <label htmlFor={id}>{label}</label>
              {o.type === 'select' ? (
                <select
                  id={id}
                  className={styles.control}
                  value={typeof current === 'string' ? current : ''}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e) => set(o, e.target.value)}
                >
                  <option value="">--- Please Select ---</option>
                  {o.values.map((v) => (
                    <option key={v.product_option_value_id} value={String(v.product_option_value_id)}>
                      {v.name}
                      {priceSuffix(v)}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={id}
                  className={styles.control}
                  value={typeof current === 'string' ? current : ''}
                  maxLength={255}
                  onChange={(e) => set(o, e.target.value)}
                />
              )}
              {errorLine}
            </div>
          );
        }
        const checked = new Set(Array.isArray(current) ? current : current ? [current] : []);
        return (
          <fieldset
            key={o.product_option_id}
            className={styles.radios}
            aria-describedby={error ? `${id}-error` : undefined}
          >
            <legend className={styles.legend}>{label}</legend>
            {o.values.map((v) => {
              const value = String(v.product_option_value_id);
              return (
                <label key={value} className={styles.choice}>
                  <input
                    type={o.type === 'radio' ? 'radio' : 'checkbox'}
                    name={id}
                    value={value}
                    checked={checked.has(value)}
                    onChange={(e) => {
                      if (o.type === 'radio') return set(o, value);
                      const next = new Set(checked);
                      if (e.target.checked) next.add(value);
                      else next.delete(value);
                      set(o, [...next]);
                    }}
                  />
                  {v.name}
                  {priceSuffix(v)}
                </label>
              );
            })}
            {errorLine}
          </fieldset>
        );
      })}
    </fieldset>
  );
}
