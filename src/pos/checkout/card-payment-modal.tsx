import { useEffect, useState } from 'react';
import { cardDevicePaymentSchema, cardTypeOptions, terminalActions } from '../../domain/forms/card-payment';
import type { Transaction } from '../../domain/mutations/records';
import { isTerminalCard } from '../../domain/mutations/transactions';
import { balanceShortcut, halfShortcut } from '../../domain/payments';
import { PAYMENT_ERROR_TOAST_MS, PAYMENT_FAILED_TITLE } from '../../domain/constants';
import { toWire, type Money } from '../../domain/money';
import type { TerminalsReply } from '../../contracts/payment-card';
import { getTerminals, startCardPayment } from '../../api/card-payment';
import { uuidv7 } from '../../db/ids';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { ModalFooter } from '../../ui/modal-footer';
import { formatMoney } from '../../ui/format-money';
import { useToast } from '../../ui/toast/toast-context';
import { useZodForm } from '../../ui/use-zod-form';
import { CardWaitingDialog } from './card-waiting-dialog';
import styles from './checkout.module.css';

export { CHOOSING_MESSAGE } from './card-waiting-dialog';
export const APPROVED_MESSAGE = 'The transaction was approved.';
export const SELECT_REFUND_MESSAGE = 'Select the card payment to refund';
export const NO_CARD_PAYMENTS = 'No card payments on this order were taken on a terminal.';

/**
 * Card on a smart terminal. Action Charge: department, device and card type (the spec's
 * messages), then a waiting dialog while the customer is choosing, with Cancel Transaction; the
 * outcome arrives on the attempt's event stream. Action Refund: one of the order's terminal card
 * payments is refunded through its void/return url (the whole payment; docs/decisions/payments.md
 * "Checkout payments, second pass"). Needs the network: the order is synced first so the server has it.
 */
export function CardPaymentModal(props: {
  orderId: string;
  balanceDue: Money;
  transactions: readonly Transaction[];
  onRefund: (t: Transaction) => Promise<void>;
  onClose: () => void;
  beforeStart: () => Promise<boolean>;
  onDone: () => void;
}) {
  const toast = useToast();
  const [terminals, setTerminals] = useState<TerminalsReply | null>(null);
  const form = useZodForm(cardDevicePaymentSchema, {
    amount: toWire(balanceShortcut(props.balanceDue)),
    department: '',
    device: '',
    cardType: '',
    action: 'Charge',
  });
  const [refundId, setRefundId] = useState('');
  const [refundError, setRefundError] = useState<string | undefined>(undefined);
  const [waiting, setWaiting] = useState<{ attemptId: string; device: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const refundable = props.transactions.filter((t) => t.status !== 'void' && isTerminalCard(t));

  useEffect(() => {
    getTerminals()
      .then(setTerminals)
      .catch((e: unknown) => toast.error((e as Error).message));
  }, [toast]);

  const finish = (ok: boolean, message: string) => {
    setWaiting(null);
    if (ok) {
      toast.success(APPROVED_MESSAGE);
      props.onDone();
      props.onClose();
    } else toast.error(message, { title: PAYMENT_FAILED_TITLE, duration: PAYMENT_ERROR_TOAST_MS });
  };

  const refund = async () => {
    const t = refundable.find((x) => x.id === refundId);
    if (!t) return setRefundError(SELECT_REFUND_MESSAGE);
    setRefundError(undefined);
    setBusy(true);
    try {
      await props.onRefund(t);
      props.onClose();
    } finally {
      setBusy(false);
    }
  };

  const start = form.handleSubmit(async (data) => {
    if (!(await props.beforeStart())) return;
    const attemptId = uuidv7();
    try {
      await startCardPayment({
        orderId: props.orderId,
        attemptId,
        amount: data.amount,
        department: data.department,
        device: data.device,
        cardType: data.cardType,
      });
      setWaiting({ attemptId, device: data.device });
    } catch (e) {
      toast.error((e as Error).message, { title: PAYMENT_FAILED_TITLE, duration: PAYMENT_ERROR_TOAST_MS });
    }
  });

  if (waiting) return <CardWaitingDialog attemptId={waiting.attemptId} device={waiting.device} onFinal={finish} />;
  const department = form.watch('department');
  const devices = terminals?.devices.filter((d) => d.departmentId === department) ?? [];
  const charging = form.watch('action') === 'Charge';
  return (
    <Modal
      open
      onOpenChange={(o) => !o && props.onClose()}
      title="Card Payment"
      footer={
        charging ? (
          <ModalFooter
            onCancel={props.onClose}
            onSave={() => void start()}
            saveLabel="Charge Card"
            disabled={!terminals}
          />
        ) : (
          <ModalFooter
            onCancel={props.onClose}
            onSave={() => void refund()}
            saveLabel="Refund Card"
            disabled={busy || refundable.length === 0}
          />
        )
      }
    >
      <SelectField label="Action" {...form.register('action')}>
        {terminalActions.map((a) => (
          <option key={a} value={a}>
            {a}
          </option>
        ))}
      </SelectField>
      {charging ? (
        <>
          <TextField label="Amount" inputMode="decimal" {...form.field('amount')} />
          <div className={styles.shortcuts}>
            <Button
              variant="secondary"
              onClick={() => form.setValue('amount', toWire(balanceShortcut(props.balanceDue)))}
            >
              Balance
            </Button>
            <Button variant="secondary" onClick={() => form.setValue('amount', toWire(halfShortcut(props.balanceDue)))}>
              50%
            </Button>
          </div>
          <SelectField
            label="Department"
            {...form.field('department', { onChange: () => form.setValue('device', '') })}
          >
            <option value="">Select a department</option>
            {terminals?.departments.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Device" {...form.field('device')}>
            <option value="">Select a device</option>
            {devices.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Card Type" {...form.field('cardType')}>
            <option value="">Select a card type</option>
            {cardTypeOptions.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </SelectField>
        </>
      ) : refundable.length === 0 ? (
        <p className={styles.muted}>{NO_CARD_PAYMENTS}</p>
      ) : (
        <SelectField
          label="Card Payment"
          value={refundId}
          error={refundError}
          onChange={(e) => setRefundId(e.target.value)}
        >
          <option value="">{SELECT_REFUND_MESSAGE}</option>
          {refundable.map((t) => (
            <option key={t.id} value={t.id}>
              {t.transaction_label} {formatMoney(t.amount)}
            </option>
          ))}
        </SelectField>
      )}
    </Modal>
  );
}
