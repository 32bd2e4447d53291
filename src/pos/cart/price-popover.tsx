import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import {
  fromAmount,
  fromPercent,
  fromPrice,
  percentText,
  validateAmountInput,
  validatePercentInput,
  validatePriceInput,
} from '../../domain/pricing';
import { SYSTEM_ERROR, UNIT_PRICE_UPDATED } from '../../domain/forms/price-edit';
import { toWire } from '../../domain/money';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { formatMoney } from '../../ui/format-money';
import { useToast } from '../../ui/toast/toast-context';
import styles from './cart.module.css';

interface Props {
  /** Catalog unit price (price + options): what the percent is computed against. */
  original: string;
  /** Unit price now (the override when there is one). */
  current: string;
  itemName: string;
  /** Resolves true when the device accepted the new price. */
  onSave: (newPrice: string) => Promise<boolean>;
}

/** Unit price edit: new price, adjustment amount and percent kept in sync (percent vs the original). */
export function PricePopover({ original, current, itemName, onSave }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const start = fromPrice(original, current);
  const [v, setV] = useState({ price: current, amount: toWire(start.amount), percent: percentText(start.percent) });

  const reset = () => {
    const e = fromPrice(original, current);
    setV({ price: current, amount: toWire(e.amount), percent: percentText(e.percent) });
  };
  const errors = {
    price: validatePriceInput(v.price),
    amount: validateAmountInput(original, v.amount),
    percent: validatePercentInput(v.percent),
  };
  const invalid = Object.values(errors).some((e) => e !== null);

  const save = async () => {
    if (invalid) return;
    setBusy(true);
    try {
      const ok = await onSave(toWire(fromPrice(original, v.price).price));
      if (ok) {
        toast.success(UNIT_PRICE_UPDATED);
        setOpen(false);
      }
    } catch {
      toast.error(SYSTEM_ERROR);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(o) => {
        if (o) reset();
        setOpen(o);
      }}
    >
      <Popover.Trigger asChild>
        <button type="button" className={styles.priceButton} aria-label={`Edit unit price of ${itemName}`}>
          {formatMoney(current) ?? current}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className={styles.popover} sideOffset={6} aria-label="Edit unit price">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
            noValidate
            aria-busy={busy}
          >
            <p className={styles.muted}>Original price {formatMoney(original)}</p>
            <TextField
              label="New price"
              inputMode="decimal"
              value={v.price}
              error={errors.price ?? undefined}
              onChange={(e) => {
                const r = fromPrice(original, e.target.value);
                setV({ price: e.target.value, amount: toWire(r.amount), percent: percentText(r.percent) });
              }}
            />
            <TextField
              label="Adjustment amount"
              inputMode="decimal"
              value={v.amount}
              error={errors.amount ?? undefined}
              onChange={(e) => {
                const r = fromAmount(original, e.target.value);
                setV({ price: toWire(r.price), amount: e.target.value, percent: percentText(r.percent) });
              }}
            />
            <TextField
              label="Percentage"
              inputMode="decimal"
              value={v.percent}
              error={errors.percent ?? undefined}
              onChange={(e) => {
                const r = fromPercent(original, e.target.value);
                setV({ price: toWire(r.price), amount: toWire(r.amount), percent: e.target.value });
              }}
            />
            <div className={styles.row}>
              <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy || invalid}>
                {busy ? 'Updating...' : 'Update'}
              </Button>
            </div>
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
