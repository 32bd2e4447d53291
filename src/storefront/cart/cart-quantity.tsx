import { useEffect, useId, useRef, useState } from 'react';
import { DEFAULT_MAX_QUANTITY, normalizeQuantity } from '../../domain/quantity';
import styles from './cart.module.css';

const DEBOUNCE_MS = 500;

/**
 * A cart line's quantity (§5): typed freely, normalised with the domain's rule and sent 500 ms after
 * the last keystroke; an invalid entry shows its message under the input.
 */
export function CartQuantity({
  value,
  minimum,
  label,
  disabled,
  onChange,
}: {
  value: number;
  minimum: number;
  label: string;
  disabled?: boolean;
  onChange: (q: number) => void;
}) {
  const [text, setText] = useState(String(value));
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const errorId = useId();

  useEffect(() => setText(String(value)), [value]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const change = (next: string) => {
    setText(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const q = normalizeQuantity(next, { min: minimum, max: DEFAULT_MAX_QUANTITY });
      setError(q.error);
      setText(String(q.value));
      if (q.value !== value) onChange(q.value);
    }, DEBOUNCE_MS);
  };

  return (
    <div className={styles.quantity}>
      <input
        type="number"
        inputMode="numeric"
        min={minimum}
        max={DEFAULT_MAX_QUANTITY}
        value={text}
        disabled={disabled}
        aria-label={label}
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => change(e.target.value)}
      />
      {error && (
        <span id={errorId} className={styles.fieldError} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
