import { useState } from 'react';
import {
  CHECK_NUMBER_MESSAGE,
  balanceShortcut,
  checkPaymentAmount,
  isValidCheckNumber,
  paymentTypeLabels,
} from '../../domain/payments';
import { money, toWire, ZERO, type Money } from '../../domain/money';
import type { PaymentType } from '../../domain/settings';
import { ActionModal } from '../../ui/action-modal';
import { TextField } from '../../ui/field';
import { formatMoney } from '../../ui/format-money';
import { AmountField } from './amount-field';
import styles from './checkout.module.css';

export interface PaymentInput {
  type: PaymentType;
  amount: string;
  checkNumber: number | null;
}

/**
 * One payment type's modal: amount with the Balance and 50% shortcuts, the check number for
 * checks; the caps and messages are the domain's (the server checks them again).
 */
export function PaymentModal(props: {
  type: PaymentType | null;
  balanceDue: Money;
  storeCredit: Money;
  onClose: () => void;
  onPay: (p: PaymentInput) => Promise<boolean>;
}) {
  const { type } = props;
  const [amount, setAmount] = useState(() => toWire(balanceShortcut(props.balanceDue)));
  const [check, setCheck] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; check?: string }>({});
  const [busy, setBusy] = useState(false);
  if (!type) return null;
  const label = paymentTypeLabels[type];
  const submit = async () => {
    const a = checkPaymentAmount(type, amount, props.balanceDue, { storeCredit: props.storeCredit });
    const e: { amount?: string; check?: string } = {};
    if (!a.ok) e.amount = a.message;
    if (type === 'check' && !isValidCheckNumber(check)) e.check = CHECK_NUMBER_MESSAGE;
    setErrors(e);
    if (!a.ok || e.check) return;
    setBusy(true);
    const ok = await props.onPay({
      type,
      amount: toWire(a.amount),
      checkNumber: type === 'check' ? Number(check) : null,
    });
    setBusy(false);
    if (ok) props.onClose();
  };
  return (
    <ActionModal
      onClose={props.onClose}
      title={`${label} Payment`}
      saveLabel={busy ? 'Adding...' : `Add ${label} Payment`}
      disabled={busy}
      onSave={() => void submit()}
    >
      <p className={styles.muted}>
        Balance Due {formatMoney(toWire(props.balanceDue))}
        {type === 'store_credit' && ` · Store credit ${formatMoney(toWire(props.storeCredit))}`}
      </p>
      <AmountField value={amount} error={errors.amount} onChange={setAmount} balanceDue={props.balanceDue} />
      {type === 'check' && (
        <TextField
          label="Check Number"
          inputMode="numeric"
          value={check}
          error={errors.check}
          onChange={(e) => setCheck(e.target.value)}
        />
      )}
    </ActionModal>
  );
}

export const moneyOrZero = (s: string | null | undefined): Money => (s ? money(s) : ZERO);
