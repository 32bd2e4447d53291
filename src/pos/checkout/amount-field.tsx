import { balanceShortcut, halfShortcut } from '../../domain/payments';
import { toWire, type Money } from '../../domain/money';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import styles from './checkout.module.css';

/** A payment's Amount, with Balance and 50% buttons that fill in the share of the balance due. */
export function AmountField({
  value,
  error,
  onChange,
  balanceDue,
}: {
  value: string;
  error: string | undefined;
  onChange: (amount: string) => void;
  balanceDue: Money;
}) {
  return (
    <>
      <TextField
        label="Amount"
        inputMode="decimal"
        value={value}
        error={error}
        onChange={(e) => onChange(e.target.value)}
      />
      <div className={styles.shortcuts}>
        <Button variant="secondary" onClick={() => onChange(toWire(balanceShortcut(balanceDue)))}>
          Balance
        </Button>
        <Button variant="secondary" onClick={() => onChange(toWire(halfShortcut(balanceDue)))}>
          50%
        </Button>
      </div>
    </>
  );
}
