import { useEffect, useState } from 'react';
import { QUANTITY_DEBOUNCE_MS } from '../domain/constants';
import { normalizeQuantity, quantitySelectorMode, quantitySelectorOptions } from '../domain/quantity';
import styles from './quantity-selector.module.css';

export interface QuantitySelectorProps {
  value: number;
  min?: number;
  max?: number;
  /** Called with a valid quantity (debounced 500 ms while typing). */
  onChange: (quantity: number) => void;
  /** Accessible name, e.g. "Quantity of 33-2304". */
  label: string;
  disabled?: boolean;
}

/**
 * The spec's quantity control: a 1..10 selector where "10+" switches to a free numeric input;
 * typed values are normalised with the domain rule (min, max 10000, "A number must be input").
 */
export function QuantitySelector({ value, min = 1, max = 10000, onChange, label, disabled }: QuantitySelectorProps) {
  const [typing, setTyping] = useState(quantitySelectorMode(value) === 'input');
  const [text, setText] = useState(String(value));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!typing) return;
    const t = setTimeout(() => {
      const r = normalizeQuantity(text, { min, max });
      setError(r.error);
      if (r.error) setText(String(r.value));
      if (r.value !== value) onChange(r.value);
    }, QUANTITY_DEBOUNCE_MS);
    return () => clearTimeout(t);
    // Only typing restarts the debounce.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  if (!typing) {
    return (
      <select
        className={styles.control}
        aria-label={label}
        value={value}
        disabled={disabled}
        onChange={(e) => {
          const n = Number(e.target.value);
          if (n >= 10) {
            setTyping(true);
            setText(String(Math.max(n, value)));
          }
          onChange(n);
        }}
      >
        {quantitySelectorOptions.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  return (
    <span className={styles.wrap}>
      <input
        className={styles.control}
        aria-label={label}
        inputMode="numeric"
        value={text}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {error && (
        <span className={styles.error} role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
