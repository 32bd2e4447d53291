import { useEffect, useState } from 'react';
import { VOUCHER_LOOKUP_DEBOUNCE_MS } from '../../domain/constants';
import { balanceShortcut, checkPaymentAmount, halfShortcut } from '../../domain/payments';
import { money, toWire, type Money } from '../../domain/money';
import type { VoucherReply } from '../../contracts/checkout-payments';
import { ApiError } from '../../api/api-error';
import { addTransaction, getVoucher } from '../../api/checkout-payments';
import { uuidv7 } from '../../db/ids';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { formatMoney } from '../../ui/format-money';
import { Modal } from '../../ui/modal';
import { useToast } from '../../ui/toast/toast-context';
import styles from './checkout.module.css';

export const INVALID_CODE = 'Invalid code';
export const LOOKUP_FAILED = 'Something went wrong!';

/**
 * Voucher (gift certificate) payment: the code is looked up on the server (debounced 500 ms;
 * "Invalid code", or "Something went wrong!" without the network), the amount is capped by the
 * voucher's balance ("Max amount allowed: ..."), and the server applies it against its ledger.
 */
export function VoucherPaymentModal(props: { orderId: string; balanceDue: Money; onClose: () => void; beforeStart: () => Promise<boolean>; onDone: () => void }) {
  const toast = useToast();
  const [code, setCode] = useState('');
  const [voucher, setVoucher] = useState<VoucherReply['voucher'] | null>(null);
  const [lookupError, setLookupError] = useState<string | undefined>();
  const [amount, setAmount] = useState(toWire(balanceShortcut(props.balanceDue)));
  const [amountError, setAmountError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setVoucher(null);
    setLookupError(undefined);
    if (!code.trim()) return;
    const ctl = new AbortController();
    const t = setTimeout(() => {
      getVoucher(code.trim(), ctl.signal)
        .then((r) => setVoucher(r.voucher))
        .catch((e: unknown) => {
          if (ctl.signal.aborted) return;
          setLookupError(e instanceof ApiError && !e.isNetwork ? e.message || INVALID_CODE : LOOKUP_FAILED);
        });
    }, VOUCHER_LOOKUP_DEBOUNCE_MS);
    return () => {
      ctl.abort();
      clearTimeout(t);
    };
  }, [code]);

  const submit = async () => {
    if (!voucher) return;
    const check = checkPaymentAmount('voucher', amount, props.balanceDue, { voucherBalance: money(voucher.amount) });
    if (!check.ok) return setAmountError(check.message);
    setAmountError(undefined);
    setBusy(true);
    if (!(await props.beforeStart())) return setBusy(false);
    try {
      await addTransaction({ orderId: props.orderId, transaction: { id: uuidv7(), transaction_type: 'voucher', amount: toWire(check.amount), voucher_code: voucher.code } });
      toast.success('The voucher payment was added.');
      props.onDone();
      props.onClose();
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(o) => !o && props.onClose()}
      title="Voucher Payment"
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={busy || !voucher}>
            Add Voucher Payment
          </Button>
        </>
      }
    >
      <TextField label="Voucher Code" value={code} error={lookupError} onChange={(e) => setCode(e.target.value)} autoComplete="off" />
      {voucher && <p className={styles.muted}>Voucher balance {formatMoney(voucher.amount)}</p>}
      <TextField label="Amount" inputMode="decimal" value={amount} error={amountError} onChange={(e) => setAmount(e.target.value)} />
      <div className={styles.shortcuts}>
        <Button variant="secondary" onClick={() => setAmount(toWire(balanceShortcut(props.balanceDue)))}>
          Balance
        </Button>
        <Button variant="secondary" onClick={() => setAmount(toWire(halfShortcut(props.balanceDue)))}>
          50%
        </Button>
      </div>
    </Modal>
  );
}
