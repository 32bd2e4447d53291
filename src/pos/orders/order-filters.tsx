import { useState, type FormEvent } from 'react';
import type { OrderStatusOption } from '../../contracts/orders-list';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import { EMPTY_FILTER_FORM, type FilterForm } from './orders-params';
import styles from './orders.module.css';

export interface OrderFiltersProps {
  id: string;
  /** The filters in force (from the URL); the fields start from them. */
  initial: FilterForm;
  /** The statuses the server knows; empty until the first reply. */
  statuses: readonly OrderStatusOption[];
  onApply: (form: FilterForm) => void;
  onClear: () => void;
}

const TEXT_FILTERS = [
  { key: 'filter_order_id', label: 'Order ID', inputMode: 'numeric' },
  { key: 'filter_customer', label: 'Customer', placeholder: 'Name, email or phone' },
] as const;

/**
 * The Filter panel: nothing is sent while typing; Apply (or Enter) puts the filters in the URL,
 * Clear Filters removes them all. The owner remounts it (key) when the URL's filters change, so
 * the fields always show what is in force after Back/Forward.
 */
export function OrderFilters({ id, initial, statuses, onApply, onClear }: OrderFiltersProps) {
  const [form, setForm] = useState<FilterForm>(initial);
  const set = (k: keyof FilterForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(form);
  };
  return (
    <form id={id} className={styles.filters} onSubmit={submit} aria-label="Filter orders" role="search">
      <div className={styles.filterGrid}>
        {TEXT_FILTERS.map(({ key, ...field }) => (
          <TextField key={key} autoComplete="off" {...field} value={form[key]} onChange={set(key)} />
        ))}
        <SelectField label="Order Status" value={form.filter_order_status_id} onChange={set('filter_order_status_id')}>
          <option value="">All statuses</option>
          {statuses.map((s) => (
            <option key={s.order_status_id} value={String(s.order_status_id)}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <TextField label="Date From" type="date" value={form.filter_date_from} onChange={set('filter_date_from')} />
        <TextField
          label="Date To"
          type="date"
          value={form.filter_date_to}
          min={form.filter_date_from || undefined}
          onChange={set('filter_date_to')}
        />
      </div>
      <div className={styles.filterActions}>
        <Button
          variant="secondary"
          onClick={() => {
            setForm(EMPTY_FILTER_FORM);
            onClear();
          }}
        >
          Clear Filters
        </Button>
        <Button type="submit">Apply</Button>
      </div>
    </form>
  );
}
