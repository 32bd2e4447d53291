import { useEffect, useState } from 'react';
import { VOUCHER_LOOKUP_DEBOUNCE_MS } from '../../domain/constants';
import { balanceShortcut, checkPaymentAmount } from '../../domain/payments';
import { money, toWire, type Money } from '../../domain/money';
import type { VoucherReply } from '../../contracts/checkout-payments';
import { ApiError } from '../../api/api-error';
import { getVoucher } from '../../api/checkout-payments';
import { uuidv7 } from '../../db/ids';
import { findCachedVoucher } from '../../db/vouchers';
import { deviceDb } from '../../device/device-db';
import type { RunMutation } from '../../device/use-run-mutation';
import { ActionModal } from '../../ui/action-modal';
import { TextField } from '../../ui/field';
import { formatMoney } from '../../ui/format-money';
import { AmountField } from './amount-field';
import styles from './checkout.module.css';

export const INVALID_CODE = 'Invalid code';
export const LOOKUP_FAILED = 'Something went wrong!';

type Voucher = VoucherReply['voucher'];

/**
 * Looks a code up: on the server when online ("Invalid code" when it has none), on the device's
 * cached vouchers when offline or when the server cannot be reached (src/db/vouchers.ts: the
 * balance net of this device's unsynced voucher payments); not cached there: "Something went wrong!".
 */
export async function lookUpVoucher(
  code: string,
  online: boolean,
  signal: AbortSignal,
  cached: (code: string) => Promise<Voucher | undefined>,
): Promise<{ voucher: Voucher; fromServer: boolean } | { error: string }> {
  if (online) {
    try {
      return { voucher: (await getVoucher(code, signal)).voucher, fromServer: true };
    } catch (e) {
      if (e instanceof ApiError && !e.isNetwork) return { error: e.message || INVALID_CODE };
    }
  }
  const v = await cached(code).catch(() => undefined);
  return v ? { voucher: v, fromServer: false } : { error: LOOKUP_FAILED };
}

/**
 * Voucher (gift certificate) payment: the code is looked up (debounced 500 ms), the amount is
 * capped by the voucher's balance ("Max amount allowed: ..."), and the payment goes through the
 * outbox like cash, so it works offline; the server re-checks the balance when it is pushed and a
 * refusal becomes a conflict for staff. A voucher the server found but this device has not pulled
 * yet is pulled first (syncNow), so the device's own check sees it.
 */
export function VoucherPaymentModal(props: {
  orderRef: string;
  balanceDue: Money;
  online: boolean;
  run: RunMutation;
  syncNow: () => Promise<unknown>;
  onClose: () => void;
}) {
  const [code, setCode] = useState('');
  const [found, setFound] = useState<{ voucher: Voucher; fromServer: boolean } | null>(null);
  const [lookupError, setLookupError] = useState<string | undefined>();
  const [amount, setAmount] = useState(toWire(balanceShortcut(props.balanceDue)));
  const [amountError, setAmountError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const voucher = found?.voucher ?? null;

  useEffect(() => {
    setFound(null);
    setLookupError(undefined);
    if (!code.trim()) return;
    const ctl = new AbortController();
    const t = setTimeout(() => {
      void lookUpVoucher(code.trim(), props.online, ctl.signal, (c) => findCachedVoucher(deviceDb(), c)).then((r) => {
        if (ctl.signal.aborted) return;
        if ('error' in r) setLookupError(r.error);
        else setFound(r);
      });
    }, VOUCHER_LOOKUP_DEBOUNCE_MS);
    return () => {
      ctl.abort();
      clearTimeout(t);
    };
  }, [code, props.online]);

  const submit = async () => {
    if (!voucher) return;
    const check = checkPaymentAmount('voucher', amount, props.balanceDue, { voucherBalance: money(voucher.amount) });
    if (!check.ok) return setAmountError(check.message);
    setAmountError(undefined);
    setBusy(true);
    try {
      if (found?.fromServer && !(await findCachedVoucher(deviceDb(), code.trim()))) await props.syncNow();
      const ok = await props.run('transaction.add', {
        order_ref: props.orderRef,
        id: uuidv7(),
        transaction_type: 'voucher',
        amount: toWire(check.amount),
        voucher_code: code.trim(),
      });
      if (ok) props.onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <ActionModal
      onClose={props.onClose}
      title="Voucher Payment"
      saveLabel="Add Voucher Payment"
      disabled={busy || !voucher}
      onSave={() => void submit()}
    >
      <TextField
        label="Voucher Code"
        value={code}
        error={lookupError}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="off"
      />
      {voucher && <p className={styles.muted}>Voucher balance {formatMoney(voucher.amount)}</p>}
      <AmountField value={amount} error={amountError} onChange={setAmount} balanceDue={props.balanceDue} />
    </ActionModal>
  );
}
