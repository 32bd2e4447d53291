import type { ReactNode } from 'react';

/** A select's `<option>`s, one an item: its value and the words shown. */
export function Options<T>({
  items,
  value,
  label,
}: {
  items: readonly T[];
  value: (item: T) => string | number;
  label: (item: T) => ReactNode;
}) {
  return items.map((item) => (
    <option key={value(item)} value={value(item)}>
      {label(item)}
    </option>
  ));
}
