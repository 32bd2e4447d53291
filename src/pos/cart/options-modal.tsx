import { useEffect, useState } from 'react';
import type { CachedProduct } from '../../db/queries';
import { productOptions } from '../../db/product-options';
import { deviceDb } from '../../device/device-db';
import type { LineOption } from '../../domain/mutations/records';
import { resolveOptions, valuesOf, type OptionDef, type OptionValueDef } from '../../domain/product-options';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import { formatMoney } from '../../ui/format-money';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import styles from './cart.module.css';

type Choice = Record<string, string | string[]>;

const priceText = (v: OptionValueDef): string =>
  Number(v.price) === 0 ? '' : ` (${v.price_prefix}${formatMoney(v.price) ?? v.price})`;

/**
 * Choosing a part's options from the cart's part finder (the product page's options, from this
 * device's catalog copy, so it works offline): one control per option, required ones marked *,
 * "{Option} required!" under a missing one. Add resolves the choice to priced line options.
 */
export function OptionsModal(props: {
  product: CachedProduct;
  /** Shown on the add button: 'Add With {labor title}' when the labor goes with it. */
  laborTitle: string | null;
  onAdd: (options: LineOption[]) => Promise<boolean>;
  onClose: () => void;
}) {
  const { product } = props;
  const [catalog, setCatalog] = useState<{ defs: OptionDef[]; values: OptionValueDef[] } | null>(null);
  const [choice, setChoice] = useState<Choice>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void productOptions(deviceDb(), product.product_id).then((c) => live && setCatalog(c));
    return () => {
      live = false;
    };
  }, [product.product_id]);

  const add = async () => {
    if (!catalog) return;
    // Every option's problem is marked at once, not one per try.
    const problems: Record<string, string> = {};
    for (const d of catalog.defs) {
      const one = resolveOptions([d], catalog.values, { [d.product_option_id]: choice[d.product_option_id] ?? [] });
      if (!one.ok) problems[one.field] = one.message;
    }
    const r = resolveOptions(catalog.defs, catalog.values, choice);
    if (!r.ok || Object.keys(problems).length > 0) {
      setErrors(r.ok ? problems : { [r.field]: r.message, ...problems });
      return;
    }
    setErrors({});
    setBusy(true);
    const ok = await props.onAdd(r.options);
    setBusy(false);
    if (ok) props.onClose();
  };

  const set = (d: OptionDef, v: string | string[]) => setChoice((c) => ({ ...c, [d.product_option_id]: v }));
  return (
    <Modal
      open
      onOpenChange={(o) => !o && props.onClose()}
      title={`Options for ${product.name}`}
      description={`Part #: ${product.mpn}`}
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={() => void add()} disabled={busy || !catalog}>
            {props.laborTitle ? `Add With ${props.laborTitle}` : 'Add to Cart'}
          </Button>
        </>
      }
    >
      {!catalog ? (
        <Spinner label="Loading the options..." />
      ) : catalog.defs.length === 0 ? (
        <p className={styles.muted}>This part has no options on this device yet.</p>
      ) : (
        catalog.defs.map((d) => {
          const label = `${d.name}${d.required ? ' *' : ''}`;
          const error = errors[`option.${d.product_option_id}`];
          const current = choice[d.product_option_id];
          if (d.type === 'text') {
            return (
              <TextField
                key={d.product_option_id}
                label={label}
                value={typeof current === 'string' ? current : ''}
                error={error}
                maxLength={255}
                onChange={(e) => set(d, e.target.value)}
              />
            );
          }
          if (d.type === 'checkbox') {
            const on = new Set(Array.isArray(current) ? current : []);
            return (
              <fieldset key={d.product_option_id} className={styles.optionGroup}>
                <legend>{label}</legend>
                {valuesOf(catalog.values, d.product_option_id).map((v) => (
                  <label key={v.product_option_value_id} className={styles.optionChoice}>
                    <input
                      type="checkbox"
                      checked={on.has(String(v.product_option_value_id))}
                      onChange={(e) => {
                        const next = new Set(on);
                        if (e.target.checked) next.add(String(v.product_option_value_id));
                        else next.delete(String(v.product_option_value_id));
                        set(d, [...next]);
                      }}
                    />
                    {v.name}
                    {priceText(v)}
                  </label>
                ))}
                {error && (
                  <p className={styles.refused} role="alert">
                    {error}
                  </p>
                )}
              </fieldset>
            );
          }
          return (
            <SelectField
              key={d.product_option_id}
              label={label}
              value={typeof current === 'string' ? current : ''}
              error={error}
              onChange={(e) => set(d, e.target.value)}
            >
              <option value="">--- Please Select ---</option>
              {valuesOf(catalog.values, d.product_option_id).map((v) => (
                <option key={v.product_option_value_id} value={String(v.product_option_value_id)}>
                  {v.name}
                  {priceText(v)}
                </option>
              ))}
            </SelectField>
          );
        })
      )}
    </Modal>
  );
}
